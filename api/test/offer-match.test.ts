// Choosing catalogue items from what the visitor said (a second set of cases, written by another
// engineer from the same issue, beside offer-words.test.ts): refusals never choose an item, word forms
// do, phrases and whole words hold. Every expected result is written by hand from what the visitor
// meant, against the demo catalogue (voz: llamadas/teléfono/fuera de horario…, chat: chat/web…,
// whatsapp, citas: cita/reservas/agenda…) and a small English one.
import { describe, expect, it } from 'vitest';
import { DEMO_OFFER_FILE, loadOffer } from '../src/offer/load';
import { chooseItems } from '../src/offer/match';
import type { OfferItem } from '../src/offer/schema';

const demo = loadOffer(DEMO_OFFER_FILE);
/** The items the visitor's words chose, bar the one every proposal has. */
const chosen = (lines: string[]) =>
  chooseItems(demo, lines).items.filter((c) => !c.item.always).map((c) => c.item.id);

const item = (id: string, keywords: string[]): OfferItem => ({ id, title: id, description: id, setup: 0, monthly: 0, keywords, always: false });
const english = { items: [item('voice', ['calls', 'phone', 'after hours']), item('chat', ['chat', 'website']), item('whatsapp', ['whatsapp']), item('booking', ['appointments', 'booking'])] };
const chosenEn = (lines: string[]) => chooseItems(english, lines).items.map((c) => c.item.id);

describe('a refusal does not choose its item (Spanish)', () => {
  it('the clinic owner from the report: WhatsApp and appointments are in, the refused web chat is not', () => {
    const choice = chooseItems(demo, ['También nos escriben por WhatsApp para pedir cita, y no damos abasto. No necesitamos chat en la web.']);
    expect(choice.items.filter((c) => !c.item.always).map((c) => c.item.id)).toEqual(['whatsapp', 'citas']);
    for (const c of choice.items) for (const m of c.matches) expect(m.quote).not.toMatch(/No necesitamos/);
  });

  it.each([
    ['No necesitamos chat.', []],
    ['No nos hace falta un chat.', []],
    ['Una web sin chat.', []],
    ['Ya tenemos chat.', []],
    ['Ya tenemos chat en la página.', []],
    ['No queremos chat.', []],
    ['Nada de chat, gracias.', []],
    ['No necesitamos agenda ni chat.', []],
    ['El chat no nos hace falta.', []],
    ['El chat, no.', []],
    ['El chat ya lo tenemos.', []],
    ['Chat tampoco.', []],
    ['El chat no nos interesa.', []],
  ])('before or after the keyword, same clause: %s', (line, ids) => {
    expect(chosen([line])).toEqual(ids);
  });

  it('a refusal reaches only its own clause: another clause or sentence keeps its keyword', () => {
    expect(chosen(['No necesitamos chat, pero sí atender llamadas.'])).toEqual(['voz']);
    expect(chosen(['No necesitamos chat y queremos contestar el teléfono.'])).toEqual(['voz']);
    expect(chosen(['No necesitamos chat. Las llamadas nos desbordan.'])).toEqual(['voz']);
    expect(chosen(['Queremos WhatsApp, no chat.'])).toEqual(['whatsapp']);
    expect(chosen(['Sin chat; eso sí, una agenda de citas.'])).toEqual(['citas']);
    expect(chosen(['No necesitamos chat y WhatsApp tampoco.'])).toEqual([]); // 'y' inside a list keeps the scope
    expect(chosen(['No necesitamos chat ni WhatsApp.'])).toEqual([]);
  });

  it('a bare refusal in the next sentence refuses what the sentence before named', () => {
    expect(chosen(['¿Un chat en la web? No nos hace falta.'])).toEqual([]);
    expect(chosen(['Chat en la web. No, gracias.'])).toEqual([]);
    expect(chosen(['Lo del WhatsApp. Eso ya lo tenemos.'])).toEqual([]);
  });

  it('saying what is lost is asking, not refusing', () => {
    expect(chosen(['No queremos perder más llamadas.'])).toEqual(['voz']);
    expect(chosen(['Nos quedamos sin atender el teléfono por la tarde.'])).toEqual(['voz']);
    expect(chosen(['Si no contestamos el teléfono perdemos clientes.'])).toEqual(['voz']);
    expect(chosen(['No damos abasto con las llamadas.'])).toEqual(['voz']);
    expect(chosen(['No podemos atender el teléfono.'])).toEqual(['voz']);
  });

  it('refused, then asked for after all: the item is in, and its quote is the asking sentence', () => {
    const choice = chooseItems(demo, ['No necesitamos chat.', 'Bueno, al final sí queremos chat para la tienda.']);
    const chat = choice.items.find((c) => c.item.id === 'chat');
    expect(chat?.matches.map((m) => m.quote)).toEqual(['Bueno, al final sí queremos chat para la tienda']);
  });

  it('asked for, then refused: the item is out', () => {
    expect(chosen(['Queremos chat.', 'Pensándolo mejor, no necesitamos chat.'])).toEqual([]);
  });
});

describe('a refusal does not choose its item (English)', () => {
  it.each([
    ["We don't need a chat.", []],
    ['We do not need chat on the website.', []],
    ['No chat, please.', []],
    ['A website without chat.', []],
    ['We already have a chat on our website.', []],
    ["We're not interested in chat.", []],
    ["Chat we don't need.", []],
    ['Chat is not needed.', []],
    ['The chat, no thanks.', []],
    ["We've already got WhatsApp.", []],
  ])('%s', (line, ids) => {
    expect(chosenEn([line])).toEqual(ids);
  });

  it('scope ends at the clause; losses ask; a later request wins', () => {
    expect(chosenEn(["We don't need chat, but we miss calls after hours."])).toEqual(['voice']);
    expect(chosenEn(["We don't need chat and we want WhatsApp."])).toEqual(['whatsapp']);
    expect(chosenEn(["We don't need chat. The phone never stops."])).toEqual(['voice']);
    expect(chosenEn(["We don't want to miss calls."])).toEqual(['voice']);
    expect(chosenEn(["We don't need chat.", 'Actually, we do want chat on the website.'])).toEqual(['chat']);
  });
});

describe('word forms, phrases and whole words', () => {
  it("finds a keyword in another form of the word: 'teléfonos', 'nos llaman', 'llamaban' for 'teléfono'/'llamadas'", () => {
    expect(chosen(['Tenemos tres teléfonos en la tienda'])).toEqual(['voz']);
    expect(chosen(['Nos llaman todo el día'])).toEqual(['voz']);
    expect(chosen(['Antes nos llamaban menos'])).toEqual(['voz']);
    expect(chosen(['Las reservas se nos acumulan', 'hay que agendarlas'])).toEqual(['citas']);
  });

  it('English forms: calling, phones, booked appointment', () => {
    expect(chosenEn(['Customers keep calling us'])).toEqual(['voice']);
    expect(chosenEn(['Three phones ring all day'])).toEqual(['voice']);
    expect(chosenEn(['They want an appointment'])).toEqual(['booking']);
  });

  it('whole words only, phrases kept, accents ignored', () => {
    expect(chosen(['Hacemos un webinar al mes'])).toEqual([]);
    expect(chosen(['Atender fuera de horario'])).toEqual(['voz']);
    expect(chosen(['Atender fuera del horario'])).toEqual([]);
    expect(chosen(['TELEFONO'])).toEqual(['voz']);
    expect(chosenEn(['We run a webinar'])).toEqual([]);
    expect(chosenEn(['Calls after hours'])).toEqual(['voice']);
  });

  it('the quote names the visitor’s own form of the word', () => {
    const voz = chooseItems(demo, ['Nos llaman a todas horas.']).items.find((c) => c.item.id === 'voz');
    expect(voz?.matches[0]).toMatchObject({ said: 'llaman', quote: 'Nos llaman a todas horas' });
  });
});
