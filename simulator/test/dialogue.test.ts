import { describe, expect, it } from 'vitest';
import { DEMO_DIALOGUE } from '@helena/contract';
import { echoDialogue, ScriptedConversation, scriptedDialogue } from '../src/simulator/dialogue';

const demo = (name: string) => new ScriptedConversation(DEMO_DIALOGUE, name);

describe('the scripted engine, on the demo dialogue', () => {
  it('asks about the business, then for the email, confirms it and offers the proposal', () => {
    const d = demo('Helena');
    expect(d.greeting()).toContain('Helena');
    expect(d.reply('Hola, quiero información').text).toMatch(/negocio/);
    expect(d.reply('Tengo una panadería en Madrid').text).toMatch(/correo/);
    expect(d.reply('no sé').text).toMatch(/repites/);
    const confirm = d.reply('ana arroba empresa punto com');
    expect(confirm.text).toContain('ana@empresa.com');
    expect(confirm.text).toMatch(/propuesta/);
    expect(d.reply('sí, por favor').text).toContain('ana@empresa.com');
    const bye = d.reply('No, gracias. Adiós');
    expect(bye.end).toBe(true);
    const summary = d.summary();
    expect(summary).toContain('Tengo una panadería en Madrid');
    expect(summary).toContain('ana@empresa.com');
  });

  it('goes straight to the email when the visitor describes the business unasked', () => {
    const d = demo('Helena');
    expect(d.reply('Somos una agencia de viajes en Valencia').text).toMatch(/correo/);
    expect(d.business).toBe('Somos una agencia de viajes en Valencia');
  });

  it('takes replacement lines', () => {
    const start = scriptedDialogue({ ...DEMO_DIALOGUE, lines: { ...DEMO_DIALOGUE.lines, askBusiness: '¿Qué vendes, {name}?' } });
    expect(start('Eva').reply('hola').text).toBe('¿Qué vendes, Eva?');
  });

  it('answers "what do you do" at the start, and still asks about the business', () => {
    const d = demo('Helena');
    const answer = d.reply('Hola, ¿qué hacéis?').text;
    expect(answer).toMatch(/asistentes/);
    expect(answer).toMatch(/negocio/);
  });

  it('answers questions while it waits for the email, then moves on and offers the form: no loop', () => {
    const d = demo('Helena');
    d.reply('Tengo una clínica dental');
    const misunderstood = /No he entendido/;
    const price = d.reply('¿Cuánto cuesta?').text;
    expect(price).toMatch(/precio/i);
    expect(price).not.toMatch(misunderstood);
    const whatsapp = d.reply('¿Funciona en WhatsApp?').text;
    expect(whatsapp).toMatch(/WhatsApp/);
    expect(whatsapp).toMatch(/formulario/);
    expect(whatsapp).not.toMatch(misunderstood);
    const catalan = d.reply('¿Y en catalán?').text;
    expect(catalan).toMatch(/catalán/);
    expect(catalan).not.toMatch(misunderstood);
    expect(d.reply('¿Se integra con mi CRM?').text).toMatch(/CRM/);
    expect(d.reply('¿Cuánto tarda en estar listo?').text).toMatch(/semanas/);
    expect(d.reply('vale').text).not.toMatch(misunderstood);
  });

  it('asks for the address again at most once', () => {
    const d = demo('Helena');
    d.reply('Tengo una tienda');
    expect(d.reply('no sé').text).toMatch(/repites/);
    const next = d.reply('pues no lo sé');
    expect(next.text).not.toMatch(/repites/);
    expect(next.text).toMatch(/formulario/);
  });

  it('says the proposal is on its way only after the server reports it queued one', () => {
    const d = demo('Helena');
    d.reply('Tengo una panadería');
    d.reply('ana@empresa.com');
    const agreed = d.reply('sí, envíamela');
    expect(agreed.toolCall).toEqual({ name: 'registrar_contacto', arguments: { email: 'ana@empresa.com' } });
    expect(agreed.text).not.toMatch(/va de camino/);
    expect(d.notice('El formulario se cerró sin enviar nada.')).toBeUndefined();
    const confirmed = d.notice('La propuesta se ha puesto en cola para enviarse a ana@empresa.com.');
    expect(confirmed?.text).toMatch(/va de camino a ana@empresa\.com/);
  });

  it('says so when the visitor said nothing', () => {
    expect(demo('Helena').summary()).toMatch(/no dijo nada/);
  });
});

describe('the default dialogue', () => {
  it('says it is a simulator, repeats the visitor, calls no tool and never hangs up', () => {
    const d = echoDialogue('Robin');
    expect(d.greeting()).toMatch(/Robin.*simulated assistant/);
    expect(d.reply('  What are your opening hours? ')).toEqual({ text: 'You said: What are your opening hours?', end: false });
    expect(d.reply('bye').end).toBe(false);
    expect(d.notice('The proposal is queued for ana@example.com')).toBeUndefined();
    expect(d.summary()).toContain('2 lines');
  });
});
