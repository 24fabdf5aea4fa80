import { describe, expect, it } from 'vitest';
import { Dialogue, findEmail, normaliseSpokenEmail } from '../../src/testing/simulator/dialogue';

describe('spoken Spanish emails', () => {
  it.each([
    ['ana arroba empresa punto com', 'ana@empresa.com'],
    ['mi correo es ana arroba empresa punto com, gracias', 'mi correo es ana@empresa.com gracias'],
    ['Ana punto García arroba mi guion empresa punto com punto mx', 'ana.garcia@mi-empresa.com.mx'],
    ['juan guion bajo perez arroba correo punto es.', 'juan_perez@correo.es'],
    ['en este punto no tengo correo', 'en este punto no tengo correo'],
  ])('%s', (spoken, written) => {
    expect(normaliseSpokenEmail(spoken)).toBe(written);
  });

  it('finds typed and spoken emails, and strips trailing punctuation', () => {
    expect(findEmail('Escríbeme a Ana@Empresa.com.')).toBe('ana@empresa.com');
    expect(findEmail('es ana arroba empresa punto com')).toBe('ana@empresa.com');
    expect(findEmail('ana@empresa.c')).toBeUndefined();
    expect(findEmail('hola')).toBeUndefined();
  });
});

describe('the Spanish script', () => {
  it('asks about the business, then for the email, confirms it and offers the proposal', () => {
    const d = new Dialogue('Helena');
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
    const d = new Dialogue('Helena');
    expect(d.reply('Somos una agencia de viajes en Valencia').text).toMatch(/correo/);
    expect(d.business).toBe('Somos una agencia de viajes en Valencia');
  });

  it('takes replacement lines', () => {
    const d = new Dialogue('Eva', { askBusiness: '¿Qué vendes, {name}?' });
    expect(d.reply('hola').text).toBe('¿Qué vendes, Eva?');
  });

  it('says so when the visitor said nothing', () => {
    expect(new Dialogue('Helena').summary()).toMatch(/no dijo nada/);
  });
});
