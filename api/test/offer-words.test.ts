// What the visitor really asked for. Each case is a line a visitor might say, and the items a
// person reading it would put in the proposal: written by hand from what the words mean, in
// Spanish against the demo's own catalogue and in English against an English one.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { chooseItems } from '../src/offer/match';
import { offerFileSchema } from '../src/offer/schema';

const demo = offerFileSchema.parse(JSON.parse(readFileSync(new URL('../offers/demo-nexia.json', import.meta.url), 'utf8')));
const english = {
  items: [
    { id: 'voice', keywords: ['calls', 'phone', 'after hours'] },
    { id: 'chat', keywords: ['chat', 'website'] },
    { id: 'crm', keywords: ['crm', 'hubspot'] },
    { id: 'booking', keywords: ['appointments', 'booking'] },
    { id: 'whatsapp', keywords: ['whatsapp'] },
  ],
} as unknown as Parameters<typeof chooseItems>[0];

/** The ids of the items the visitor's lines choose, `always` items left out. */
const chosen = (offer: Parameters<typeof chooseItems>[0], ...lines: string[]) =>
  chooseItems(offer, lines)
    .items.filter((c) => !c.item.always)
    .map((c) => c.item.id);
/** The quotes an item is shown with. */
const quotes = (offer: Parameters<typeof chooseItems>[0], id: string, ...lines: string[]) =>
  chooseItems(offer, lines).items.find((c) => c.item.id === id)?.matches.map((m) => m.quote) ?? [];

describe('a refusal is no request (Spanish)', () => {
  it('the clinic owner: WhatsApp and appointments, and no chat', () => {
    const line = 'También nos escriben por WhatsApp para pedir cita, y no damos abasto. No necesitamos chat en la web.';
    expect(chosen(demo, line)).toEqual(['whatsapp', 'citas']);
    expect(quotes(demo, 'chat', line)).toEqual([]);
  });

  it.each([
    ['No necesitamos chat en la web.', []],
    ['No nos hace falta un chat.', []],
    ['Sin formulario, por favor.', []],
    ['Ya tenemos CRM.', []],
    ['Nada de WhatsApp.', []],
    ['No queremos ni chat ni formulario.', []],
    ['El chat no nos hace falta.', []],
    ['El CRM ya lo tenemos.', []],
    ['WhatsApp, no.', []],
    ['¿Chat? No, gracias.', []],
    ['No necesitamos chat, web ni formulario; queremos citas.', ['citas']],
    ['No nos hace falta chat en la web, pero sí queremos que atienda las llamadas.', ['voz']],
    ['Queremos un agente de voz y ya tenemos CRM.', ['voz']],
  ])('%s', (line, want) => {
    expect(chosen(demo, line)).toEqual(want);
  });

  it('not having something, or not coping with it, is a need', () => {
    expect(chosen(demo, 'No tenemos tiempo para atender las llamadas.')).toEqual(['voz']);
    expect(chosen(demo, 'Perdemos clientes sin que nadie coja las llamadas.')).toEqual(['voz']);
    expect(chosen(demo, 'No solo llamadas, sino también WhatsApp.')).toEqual(['voz', 'whatsapp']);
  });

  it('the refusal in one sentence leaves the next one alone', () => {
    expect(chosen(demo, 'El chat no nos hace falta. Los teléfonos no paran.')).toEqual(['voz']);
    expect(chosen(demo, 'WhatsApp, no. Llamaban clientes fuera de horario.')).toEqual(['voz']);
  });

  it('refused and then asked for after all: in, quoted where it is asked for', () => {
    const lines = ['No necesitamos chat.', 'Bueno, pensándolo mejor, sí queremos chat para la web.'];
    expect(chosen(demo, ...lines)).toEqual(['chat']);
    expect(quotes(demo, 'chat', ...lines)).toEqual(['Bueno, pensándolo mejor, sí queremos chat para la web']);
    expect(chosen(demo, 'No necesitamos chat. Bueno, al final sí queremos chat para la web.')).toEqual(['chat']);
  });

  it('asked for and then refused: out', () => {
    expect(chosen(demo, 'Nos interesa el chat.', 'No, al final el chat no nos hace falta.')).toEqual([]);
  });
});

describe('a refusal is no request (English)', () => {
  it.each([
    ["We don't need a chat, but we miss calls after hours.", ['voice']],
    ['We already have a CRM. Customers call us all day.', ['voice']],
    ['A website chat we do not need.', []],
    ['No chat, thanks. Phones ring constantly.', ['voice']],
    ['We have a CRM already.', []],
    ["Chat isn't needed. Bookings are a mess.", ['booking']],
    ['Without a chat widget it works fine; we need appointments.', ['booking']],
    ["We're not interested in WhatsApp.", []],
    ['Not only calls but also WhatsApp.', ['voice', 'whatsapp']],
    ['No one answers the phone after hours.', ['voice']],
  ])('%s', (line, want) => {
    expect(chosen(english, line)).toEqual(want);
  });

  it('refused and then asked for after all', () => {
    expect(chosen(english, "We don't want a chat. Actually, yes, we want a chat on the website.")).toEqual(['chat']);
  });
});

describe('word forms', () => {
  it('finds a keyword in its other forms, in both languages', () => {
    expect(chosen(demo, 'Los teléfonos suenan todo el día.')).toEqual(['voz']);
    expect(chosen(demo, 'Nos llaman a todas horas.')).toEqual(['voz']);
    expect(chosen(demo, 'Antes nos llamaban más.')).toEqual(['voz']);
    expect(chosen(demo, 'Gestionamos muchas reuniones.')).toEqual(['citas']);
    expect(chosen(english, 'We are calling customers back all day.')).toEqual(['voice']);
    expect(chosen(english, 'Our phones never stop.')).toEqual(['voice']);
  });

  it('keeps whole words: web is not webinar, and a name is not a call', () => {
    expect(chosen(demo, 'Hacemos webinars cada mes.')).toEqual([]);
    expect(chosen(demo, 'Me llamo Ana y mi socia se llama Marta.')).toEqual([]);
    expect(chosen(english, 'We run a company called Acme.')).toEqual([]);
  });

  it('keeps phrases, in their forms too', () => {
    expect(chosen(demo, 'Nos escriben fuera de horario.')).toEqual(['voz']);
    expect(chosen(demo, 'Nos llaman fuera de horarios de oficina.')).toEqual(['voz']);
    expect(chosen(english, 'Most of them ring after hours.')).toEqual(['voice']);
  });
});
