import { describe, expect, it } from 'vitest';
import { dataOf, IDLE, nextLoad, type Load } from '../src/load';
import { parseRoute, routeHref } from '../src/route';
import { csvHref, listInput, mergeFirstPage, NO_FILTERS } from '../src/leads';
import { bars, byWeek, weekOf, withRates } from '../src/funnel';
import { minSec } from '../src/format';
import { MESSAGES, pickLocale } from '../src/i18n';
import { TRPCClientError } from '@trpc/client';
import { failure } from '../src/store/session';
import { useLocale } from '../src/store/locale';

describe('the load state machine', () => {
  it('goes idle → loading → ready, and a refresh keeps the data on screen', () => {
    let s: Load<number> = IDLE;
    s = nextLoad(s, { type: 'start' });
    expect(s).toEqual({ status: 'loading' });
    s = nextLoad(s, { type: 'done', data: 1 });
    expect(s).toEqual({ status: 'ready', data: 1, refreshing: false });
    s = nextLoad(s, { type: 'start' });
    expect(s).toEqual({ status: 'ready', data: 1, refreshing: true });
    s = nextLoad(s, { type: 'done', data: 2 });
    expect(dataOf(s)).toBe(2);
  });

  it('a failed first load has no data; a failed refresh keeps the last good data beside the error', () => {
    expect(nextLoad(nextLoad(IDLE, { type: 'start' }), { type: 'fail', error: 'x' })).toEqual({ status: 'error', error: 'x' });
    const ready: Load<string> = { status: 'ready', data: 'a', refreshing: true };
    const failed = nextLoad(ready, { type: 'fail', error: 'down' });
    expect(failed).toEqual({ status: 'error', error: 'down', data: 'a' });
    // Retrying from there is a refresh again, not a blank screen.
    expect(nextLoad(failed, { type: 'start' })).toEqual({ status: 'ready', data: 'a', refreshing: true });
  });
});

describe('routes', () => {
  it('reads each view from the hash and writes it back', () => {
    for (const r of [{ view: 'leads' }, { view: 'funnel' }, { view: 'catalogue' }, { view: 'audit' }, { view: 'lead', id: 'a b/c' }] as const) {
      expect(parseRoute(routeHref(r))).toEqual(r);
    }
  });
  it('sends anything unknown to the list', () => {
    for (const h of ['', '#', '#/nope', '#/lead', '#/lead/a/b', '#/leads/x']) expect(parseRoute(h)).toEqual({ view: 'leads' });
  });
});

describe('the list filters', () => {
  it('send only what is set, with the search trimmed', () => {
    expect(listInput(NO_FILTERS)).toEqual({});
    expect(listInput({ search: '  Ana ', state: 'vista', from: '2026-01-01', to: '' }, 'c1')).toEqual({ search: 'Ana', state: 'vista', from: '2026-01-01', cursor: 'c1' });
    expect(listInput({ ...NO_FILTERS, search: '   ' })).toEqual({});
  });
  it('give the CSV the same filters, encoded', () => {
    expect(csvHref(NO_FILTERS)).toBe('/panel/leads.csv');
    const url = new URL(csvHref({ search: 'Peña & co', state: 'aceptada', from: '2026-02-01', to: '2026-02-28' }), 'http://x');
    expect(url.pathname).toBe('/panel/leads.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Peña & co', state: 'aceptada', from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('the poll merge', () => {
  it('puts new rows first, updates the rows it shows again, and keeps older loaded rows', () => {
    const shown = [
      { id: 'b', state: 'enviada' },
      { id: 'a', state: 'enviada' },
      { id: 'z', state: 'vista' },
    ];
    const fresh = [
      { id: 'c', state: 'enviada' },
      { id: 'b', state: 'aceptada' },
      { id: 'a', state: 'enviada' },
    ];
    const { items, added } = mergeFirstPage(shown, fresh);
    expect(items.map((r) => `${r.id}:${r.state}`)).toEqual(['c:enviada', 'b:aceptada', 'a:enviada', 'z:vista']);
    expect(added).toBe(1);
  });
  it('adds nothing when nothing is new', () => {
    const rows = [{ id: 'a' }];
    expect(mergeFirstPage(rows, rows)).toEqual({ items: rows, added: 0 });
  });
});

describe('the funnel', () => {
  it('gives each step its share of the step before, none for the first or after a zero', () => {
    const r = withRates([
      { key: 'conversations', count: 200 },
      { key: 'leads', count: 50 },
      { key: 'proposals', count: 0 },
      { key: 'viewed', count: 0 },
      { key: 'accepted', count: 0 },
    ]);
    expect(r.map((s) => s.rate)).toEqual([null, 0.25, 0, null, null]);
  });
  it('groups days into ISO weeks that start on Monday', () => {
    expect(weekOf('2026-11-28')).toBe('2026-11-23'); // a Saturday
    expect(weekOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    const weeks = byWeek(
      [
        { day: '2026-11-22', leads: 1, accepted: 0 },
        { day: '2026-11-23', leads: 2, accepted: 1 },
        { day: '2026-11-29', leads: 3, accepted: 1 },
      ],
      ['leads', 'accepted'],
    );
    expect(weeks).toEqual([
      { day: '2026-11-16', leads: 1, accepted: 0 },
      { day: '2026-11-23', leads: 5, accepted: 2 },
    ]);
  });
  it('draws the largest value at full height and a zero as no bar', () => {
    const b = bars([0, 5, 10], 300, 100, 0);
    expect(b.map((x) => x.height)).toEqual([0, 50, 100]);
    expect(b.map((x) => x.x)).toEqual([0, 100, 200]);
    expect(b[2]!.y).toBe(0);
    expect(bars([], 300, 100)).toEqual([]);
    // All zeros: no division by zero.
    expect(bars([0, 0], 10, 10).every((x) => x.height === 0)).toBe(true);
  });
});

describe('m:ss', () => {
  it('writes offsets as minutes and two-digit seconds', () => {
    expect(minSec(0)).toBe('0:00');
    expect(minSec(5_999)).toBe('0:05');
    expect(minSec(65_400)).toBe('1:05');
    expect(minSec(600_000)).toBe('10:00');
    expect(minSec(-3)).toBe('0:00');
  });
});

describe('the language', () => {
  it('is Spanish by default, English when the browser prefers it, and the owner choice wins', () => {
    expect(pickLocale(null, [])).toBe('es');
    expect(pickLocale(null, ['fr-FR'])).toBe('es');
    expect(pickLocale(null, ['en-US', 'es'])).toBe('en');
    expect(pickLocale(null, ['es-ES', 'en'])).toBe('es');
    expect(pickLocale(null, ['de', 'en-GB'])).toBe('en');
    expect(pickLocale('es', ['en-US'])).toBe('es');
    expect(pickLocale('en', ['es'])).toBe('en');
    expect(pickLocale('xx', ['en'])).toBe('en');
  });
  it('has every text in both languages', () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.es).sort());
    expect(MESSAGES.es.logout).toBe('Cerrar sesión');
    expect(MESSAGES.es['state.enviada']).toBe('enviada');
  });
});

describe('a failed call, as the owner reads it', () => {
  const refused = (httpStatus: number, message: string) => new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } });

  it('a 401 goes back to the sign-in form', () => {
    const went: string[] = [];
    failure(refused(401, 'Tu sesión ha terminado: vuelve a entrar.'), (path) => went.push(path));
    expect(went).toEqual(['/panel']);
  });

  it("says a refusal in the panel's language, and keeps the server's own words for a bad input", () => {
    useLocale.setState({ locale: 'en' });
    expect(failure(refused(429, 'Demasiadas solicitudes, inténtalo más tarde'), () => {})).toBe(MESSAGES.en.httpErrors[429]);
    expect(failure(refused(404, 'Ese contacto no existe o se ha borrado.'), () => {})).toBe(MESSAGES.en.httpErrors[404]);
    useLocale.setState({ locale: 'es' });
    expect(failure(refused(403, 'Esta solicitud viene de otro sitio.'), () => {})).toBe(MESSAGES.es.httpErrors[403]);
    expect(failure(refused(400, 'La dirección escrita no es la de este contacto: no se ha borrado nada.'), () => {})).toBe(
      'La dirección escrita no es la de este contacto: no se ha borrado nada.',
    );
  });
});
