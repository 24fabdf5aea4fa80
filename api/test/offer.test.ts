// The site owner's offer: exact money, the offer file's validation (one line naming the file and
// the field), and the choice of items from the visitor's own words. Expected values come from the
// issue's words and Spanish conventions, not from the code.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { DEMO_OFFER_FILE, loadOffer, OfferError } from '../src/offer/load';
import { chooseItems } from '../src/offer/match';
import { formatMoney, formatRate, taxedTotal, taxOf, toMinor } from '../src/offer/money';
import { visitorWordsOf } from '../src/proposal/visitor-words';
import { tempDir } from './helpers';

const tmp = tempDir('helena-offer-');
afterAll(() => tmp.cleanup());

const valid = {
  company: { name: 'Clínicas Sol, S.L.', address: 'Calle Mayor 1, Madrid', taxId: 'B00000000', email: 'ventas@sol.example', color: '#0f766e' },
  currency: 'EUR',
  taxRate: 0.21,
  validityDays: 15,
  items: [
    { id: 'whatsapp', title: 'WhatsApp', description: 'Atención por WhatsApp', setup: 490, monthly: 49.5, keywords: ['whatsapp'] },
    { id: 'telefono', title: 'Teléfono', description: 'Atención telefónica', setup: 900, monthly: 149, keywords: ['teléfono', 'fuera de horario'] },
    { id: 'web', title: 'Web', description: 'Asistente en la web', setup: 0, monthly: 59, always: true },
  ],
};
let n = 0;
const fileWith = (content: unknown) => {
  const file = join(tmp.dir, `offer-${n++}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const errorOf = (file: string) => {
  try {
    loadOffer(file);
  } catch (err) {
    expect(err).toBeInstanceOf(OfferError);
    return (err as Error).message;
  }
  throw new Error('expected the offer to be refused');
};

describe('money', () => {
  it('49,50 € at 21 % is 10,40 € of tax (rounded half away from zero, not down)', () => {
    expect(taxOf(4950, 0.21)).toBe(1040);
    expect(formatMoney(taxOf(4950, 0.21), 'EUR')).toBe('10,40\u00a0€');
  });

  it('rounds a half cent away from zero, and taxes each total once', () => {
    expect(taxOf(250, 0.21)).toBe(53); // 52.5 cents
    expect(taxOf(-250, 0.21)).toBe(-53);
    expect(taxOf(1, 0.5)).toBe(1); // 0.5 cent
    // Three lines of 0,10 € at 21 %: per line 0,02 € each (0,06 €), on the total 0,063 € → 0,06 €;
    // two lines of 0,05 €: per line 0,01 € each (0,02 €), on the total 0,021 € → 0,02 €.
    expect(taxedTotal([10, 10, 10], 0.21)).toEqual({ net: 30, tax: 6, gross: 36 });
    // 0,15 € + 0,15 € at 10 %: per line 0,015 → 0,02 each (0,04 €); once on 0,30 € → 0,03 €.
    expect(taxedTotal([15, 15], 0.1)).toEqual({ net: 30, tax: 3, gross: 33 });
  });

  it('reads catalogue prices exactly, never through binary floating point', () => {
    expect(toMinor(49.5, 2)).toBe(4950);
    expect(toMinor(0.1, 2)).toBe(10);
    expect(toMinor(1.1, 2)).toBe(110); // 1.1 * 100 is 110.00000000000001 in floating point
    expect(toMinor(19.99, 2)).toBe(1999);
    expect(toMinor(1.005, 2)).toBeNull(); // a tenth of a cent is not a price
    expect(toMinor(-1, 2)).toBeNull();
    expect(toMinor(1000, 0)).toBe(1000);
  });

  it('writes amounts the Spanish way, grouped from the thousands', () => {
    expect(formatMoney(123456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatMoney(4950, 'EUR')).toBe('49,50\u00a0€');
    expect(formatMoney(0, 'EUR')).toBe('0,00\u00a0€');
    expect(formatMoney(100000000, 'EUR')).toBe('1.000.000,00\u00a0€');
    expect(formatRate(0.21)).toBe('21\u00a0%');
  });

  it('writes amounts the English way for an English-speaking visitor', () => {
    expect(formatMoney(269830, 'EUR', 'en-GB')).toBe('€2,698.30');
    expect(formatMoney(0, 'EUR', 'en-GB')).toBe('€0.00');
  });
});

describe('the offer file', () => {
  it('the demo offer is valid and names the demo site company', () => {
    const offer = loadOffer(DEMO_OFFER_FILE);
    expect(offer.company.name).toBe('Nexia');
    expect(offer.items.some((i) => i.always)).toBe(true);
  });

  it('a valid file becomes minor units', () => {
    const offer = loadOffer(fileWith(valid));
    expect(offer.items.map((i) => [i.id, i.setup, i.monthly])).toEqual([
      ['whatsapp', 49000, 4950],
      ['telefono', 90000, 14900],
      ['web', 0, 5900],
    ]);
  });

  it.each([
    ['a missing file', () => join(tmp.dir, 'nope.json'), /nope\.json: no such file$/],
    ['bad JSON', () => fileWith('{"company": '), /: not valid JSON \(/],
    ['a negative price', () => fileWith({ ...valid, items: [{ ...valid.items[0], monthly: -1 }, valid.items[2]] }), /: items\[0\]\.monthly: must be 0 or more$/],
    ['a duplicate id', () => fileWith({ ...valid, items: [...valid.items, { ...valid.items[1] }] }), /: items\[3\]\.id: duplicate id "telefono" \(also items\[1\]\)$/],
    ['an unknown currency', () => fileWith({ ...valid, currency: 'EUROS' }), /: currency: must be an ISO 4217 currency code like "EUR"$/],
    ['a missing company name', () => fileWith({ ...valid, company: { ...valid.company, name: undefined } }), /: company\.name: is required$/],
    ['a fraction of a cent', () => fileWith({ ...valid, items: [{ ...valid.items[0], setup: 10.005 }] }), /: items\[0\]\.setup: must have at most 2 decimals in EUR$/],
    ['an item no word can choose', () => fileWith({ ...valid, items: [{ ...valid.items[0], keywords: [] }] }), /: items\[0\]\.keywords: .*never chosen$/],
    ['an empty English title', () => fileWith({ ...valid, items: [{ ...valid.items[0], en: { title: ' ' } }] }), /: items\[0\]\.en\.title: must not be empty$/],
    ['an unknown English field', () => fileWith({ ...valid, items: [{ ...valid.items[0], en: { titel: 'WhatsApp' } }] }), /: items\[0\]\.en: .*titel/],
    ['a too long English closing', () => fileWith({ ...valid, en: { closing: 'x'.repeat(401) } }), /: en\.closing: must be at most 400 characters$/],
  ])('refuses %s with one line naming the file and the field', (_what, make, pattern) => {
    const file = make();
    const message = errorOf(file);
    expect(message).toMatch(pattern);
    expect(message.startsWith(file)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('OFFER_FILE names the seller in place of COMPANY_NAME; without it the demo company sells', () => {
    const withFile = loadConfig({ OFFER_FILE: fileWith(valid), COMPANY_NAME: 'Otro' });
    expect(withFile.COMPANY_NAME).toBe('Clínicas Sol, S.L.');
    expect(withFile.offer.currency).toBe('EUR');
    expect(loadConfig({}).COMPANY_NAME).toBe('Nexia');
    expect(loadConfig({ COMPANY_NAME: 'Acme' }).COMPANY_NAME).toBe('Acme');
  });

  it('a bad OFFER_FILE is one configuration line naming the file and field', () => {
    const file = fileWith({ ...valid, currency: 'XXY' });
    expect(() => loadConfig({ OFFER_FILE: file })).toThrow(ConfigError);
    try {
      loadConfig({ OFFER_FILE: file });
    } catch (err) {
      expect((err as Error).message).toBe(`Invalid configuration: OFFER_FILE: ${file}: currency: must be an ISO 4217 currency code like "EUR"`);
    }
  });

  it('the server refuses to start on a bad offer: one line, exit 1, no stack trace', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const file = fileWith({ ...valid, items: [{ ...valid.items[0], setup: -5 }] });
    const r = spawnSync(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, OFFER_FILE: file, LOG_LEVEL: 'silent', PORT: '0' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`Invalid configuration: OFFER_FILE: ${file}: items[0].setup: must be 0 or more`);
  });

  it('npm run offer:check says what a valid file holds, and refuses a bad one with its line', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const ok = spawnSync('npm', ['run', '-s', 'offer:check', '--', fileWith(valid)], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Clínicas Sol, S.L.');
    expect(ok.stdout).toContain('English titles for 0 of 3 item(s)');
    const english = spawnSync('npm', ['run', '-s', 'offer:check', '--', fileWith({ ...valid, items: [{ ...valid.items[0], en: { title: 'WhatsApp assistant' } }, ...valid.items.slice(1)] })], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(english.stdout).toContain('English titles for 1 of 3 item(s)');
    const badFile = fileWith({ ...valid, currency: 'EURO' });
    const bad = spawnSync('npm', ['run', '-s', 'offer:check', '--', badFile], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe(`${badFile}: currency: must be an ISO 4217 currency code like "EUR"`);
  });
});

describe('choosing items from what the visitor said', () => {
  const offer = loadOffer(fileWith(valid));
  const ids = (lines: string[]) => chooseItems(offer, lines).items.map((c) => c.item.id);

  it('ignores case and accents, and matches whole words and phrases', () => {
    expect(ids(['Necesito contestar el TELEFONO'])).toEqual(['telefono', 'web']);
    expect(ids(['quiero atender Fuera de Horario'])).toEqual(['telefono', 'web']);
    expect(ids(['uso whatsappbusiness'])).toEqual(['web']); // not a whole word
    expect(ids(['fuera del horario'])).toEqual(['web']); // not the phrase
  });

  it('keeps the visitor words that chose each item', () => {
    const choice = chooseItems(offer, ['Tengo una clínica. Quiero atender el teléfono fuera de horario, y también WhatsApp.']);
    const tel = choice.items.find((c) => c.item.id === 'telefono')!;
    expect(tel.matches.map((m) => m.said)).toContain('teléfono');
    expect(tel.matches[0]!.quote).toBe('Quiero atender el teléfono fuera de horario, y también WhatsApp');
    expect(choice.matchedNeeds).toBe(true);
  });

  it('nothing said: only the always items, and no invented need', () => {
    const choice = chooseItems(offer, ['Hola, ¿qué tal?']);
    expect(choice.items.map((c) => c.item.id)).toEqual(['web']);
    expect(choice.matchedNeeds).toBe(false);
  });

  it('only the visitor: the assistant’s lines never choose an item; the analysis’s values do, addresses never', () => {
    const words = visitorWordsOf({
      artifact: {
        messages: [
          { role: 'system', message: 'Ofrece WhatsApp y teléfono' },
          { role: 'bot', message: '¿Te interesa WhatsApp o el teléfono?' },
          { role: 'user', message: 'Tengo una clínica dental' },
        ],
      },
      analysis: { structuredData: { email: 'ana@whatsapp.com', business: 'clínica dental', needs: ['atender fuera de horario'] } },
    });
    expect(words.words).toEqual(['Tengo una clínica dental', 'clínica dental', 'atender fuera de horario']);
    expect(words.business).toBe('clínica dental');
    expect(chooseItems(offer, words.words).items.map((c) => c.item.id)).toEqual(['telefono', 'web']);
  });

  it('a chat session: the visitor’s turns in OpenAI form count too', () => {
    expect(visitorWordsOf({ messages: [{ role: 'assistant', content: 'whatsapp' }, { role: 'user', content: 'mi whatsapp' }] }).words).toEqual(['mi whatsapp']);
  });
});
