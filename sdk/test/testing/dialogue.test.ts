import { describe, expect, it } from 'vitest';
import { Dialogue } from '../../src/testing/simulator/dialogue';

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
