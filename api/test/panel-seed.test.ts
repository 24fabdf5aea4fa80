// `npm run db:seed-demo`: synthetic leads for the owner's panel, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. The rows hang together as the real lead flow leaves them, stay in
// the period asked for, are found by the panel's folded search, and a database holding a real
// customer is refused with nothing written. The command itself runs once, and refuses bad input.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db';
import { newId } from '../src/ids';
import { foldText } from '../src/offer/fold';
import { storedDocument } from '../src/proposal/document';
import { funnelOf } from '../src/panel/queries/funnel';
import { searchKeyOf } from '../src/panel/search-key';
import { RealLeadsError, SEED_DOMAIN, SEEDED_PDFS, seedDemoLeads } from '../src/panel/seed-demo';
import { pgSchema, tempDir, PG_URL } from './helpers';

const LEADS = 300;
const DAYS = 90;
const NOW = new Date('2026-11-29T12:00:00.000Z');
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const count = async (db: Db, table: 'customer' | 'lead_submission' | 'vapi_call' | 'call' | 'pdf' | 'proposal_version' | 'owner_session') =>
  Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

function seedSpecs(open: () => Promise<{ db: Db; cleanup: () => Promise<void> }>) {
  let db: Db;
  let cleanup = async () => {};
  let result: Awaited<ReturnType<typeof seedDemoLeads>>;

  beforeAll(async () => {
    ({ db, cleanup } = await open());
    result = await seedDemoLeads(db, { leads: LEADS, days: DAYS, now: NOW, seed: 7 });
  }, 60_000);
  afterAll(() => cleanup());

  it('writes one customer, submission, conversation and call per lead, and about 1.5 conversations per lead', async () => {
    expect(result.leads).toBe(LEADS);
    expect(await count(db, 'customer')).toBe(LEADS);
    expect(await count(db, 'lead_submission')).toBe(LEADS);
    expect(await count(db, 'call')).toBe(LEADS);
    expect(await count(db, 'vapi_call')).toBe(result.conversations);
    expect(result.conversations).toBe(LEADS * 1.5);
    const orphans = await db.kysely
      .selectFrom('call as c')
      .leftJoin('customer as cu', 'cu.id', 'c.customer_id')
      .leftJoin('vapi_call as v', 'v.id', 'c.vapi_call_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('cu.id', 'is', null), eb('v.id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBe(0);
  });

  it('proposes to most leads, and counts viewed ≤ proposals, accepted ≤ viewed as stored', async () => {
    const row = await db.kysely
      .selectFrom('pdf')
      .select((eb) => [eb.fn.countAll<number>().as('proposals'), eb.fn.count<number>('first_viewed_at').as('viewed'), eb.fn.count<number>('accepted_at').as('accepted')])
      .executeTakeFirstOrThrow();
    const stored = { proposals: Number(row.proposals), viewed: Number(row.viewed), accepted: Number(row.accepted) };
    expect(stored).toEqual({ proposals: result.proposals, viewed: result.viewed, accepted: result.accepted });
    expect(stored.proposals).toBeLessThanOrEqual(LEADS);
    expect(stored.proposals).toBeGreaterThan(LEADS * 0.7);
    expect(stored.viewed).toBeLessThanOrEqual(stored.proposals);
    expect(stored.viewed).toBeGreaterThan(0);
    expect(stored.accepted).toBeLessThanOrEqual(stored.viewed);
    expect(stored.accepted).toBeGreaterThan(0);
    // An acceptance without a view would put the funnel's last step ahead of the one before it.
    const acceptedUnseen = await db.kysely.selectFrom('pdf').select('id').where('accepted_at', 'is not', null).where('first_viewed_at', 'is', null).execute();
    expect(acceptedUnseen).toEqual([]);
    const expired = await db.kysely.selectFrom('pdf').select('id').where('expires_at', '<=', NOW.toISOString()).execute();
    expect(expired.length).toBeGreaterThan(0);
    // Each proposal keeps its versions, the accepted ones two.
    expect(await count(db, 'proposal_version')).toBe(stored.proposals + stored.accepted);
  });

  it('keeps every time in the period, each event after the lead came', async () => {
    const start = new Date(NOW.getTime() - DAYS * 86_400_000).toISOString();
    const end = NOW.toISOString();
    for (const table of ['customer', 'lead_submission', 'vapi_call', 'call', 'pdf'] as const) {
      const r = await db.kysely.selectFrom(table).select((eb) => [eb.fn.min<string>('created_at').as('lo'), eb.fn.max<string>('created_at').as('hi')]).executeTakeFirstOrThrow();
      expect(r.lo >= start && r.hi <= end, `${table}: ${r.lo} … ${r.hi}`).toBe(true);
    }
    const disordered = await db.kysely
      .selectFrom('pdf as p')
      .innerJoin('call as c', 'c.id', 'p.call_id')
      .innerJoin('vapi_call as v', 'v.id', 'c.vapi_call_id')
      .select('p.id')
      .where((eb) =>
        eb.or([
          eb('v.created_at', '>', eb.ref('c.created_at')),
          eb('p.created_at', '<', eb.ref('c.created_at')),
          eb('p.first_viewed_at', '<', eb.ref('p.created_at')),
          eb('p.accepted_at', '<', eb.ref('p.first_viewed_at')),
          eb('p.first_viewed_at', '>', end),
          eb('p.accepted_at', '>', end),
        ]),
      )
      .execute();
    expect(disordered).toEqual([]);
  });

  it('addresses are on the seed domain, names carry accents, and the search key is folded', async () => {
    const rows = await db.kysely
      .selectFrom('call as c')
      .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
      .select(['cu.email', 'c.lead_name', 'c.lead_company', 'c.search_key'])
      .execute();
    for (const r of rows) {
      expect(r.email.endsWith(`@${SEED_DOMAIN}`)).toBe(true);
      expect(r.search_key).toBe(searchKeyOf(r.lead_name, r.email, r.lead_company));
      expect(r.search_key).toBe(foldText(r.search_key!));
    }
    expect(rows.some((r) => /[áéíóúñÁÉÍÓÚÑ]/.test(r.lead_name ?? ''))).toBe(true);
    const munoz = await db.kysely.selectFrom('call').select('id').where(sql<boolean>`search_key like ${'%munoz%'}`).execute();
    expect(munoz.length).toBeGreaterThan(0);
  });

  it('stores a proposal document the panel reads, with the lead as its buyer', async () => {
    const row = await db.kysely
      .selectFrom('pdf as p')
      .innerJoin('call as c', 'c.id', 'p.call_id')
      .select(['p.document', 'p.email', 'c.lead_name', 'c.id as call_id', 'p.version', 'p.accepted_version'])
      .where('p.accepted_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const doc = storedDocument(db.parseJson(row.document));
    expect(doc).not.toBeNull();
    expect(doc!.buyer).toMatchObject({ name: row.lead_name, email: row.email });
    expect(doc!.lines.length).toBeGreaterThan(0);
    expect(doc!.link.endsWith(`/propuesta/${row.call_id}`)).toBe(true);
    expect(doc!.acceptance).toMatchObject({ name: row.lead_name, version: row.accepted_version });
    expect(row.version).toBe(doc!.version);
  });

  it("the funnel of any period counts the rows stored in it, whole UTC days, its edges included", async () => {
    const DAY = 86_400_000;
    const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
    // Counted here by time ranges over the stored rows, proposals through their lead's row: the
    // funnel's own day expression and indexes are what is checked.
    const expected = async (from: string, to: string) => {
      const lo = `${from}T00:00:00.000Z`;
      const hi = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY).toISOString();
      const n = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
      const pdfs = () => db.kysely.selectFrom('pdf as p').innerJoin('call as c', 'c.id', 'p.call_id').where('c.created_at', '>=', lo).where('c.created_at', '<', hi);
      return {
        conversations: await n(db.kysely.selectFrom('vapi_call').where('created_at', '>=', lo).where('created_at', '<', hi).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
        leads: await n(db.kysely.selectFrom('call').where('created_at', '>=', lo).where('created_at', '<', hi).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
        proposals: await n(pdfs().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
        viewed: await n(pdfs().where('p.first_viewed_at', 'is not', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
        accepted: await n(pdfs().where('p.accepted_at', 'is not', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      };
    };
    const last = dayOf(NOW.getTime());
    const periods = [
      [dayOf(NOW.getTime() - (DAYS + 5) * DAY), last], // all of it
      [dayOf(NOW.getTime() - 30 * DAY), last], // the panel's default
      [dayOf(NOW.getTime() - 13 * DAY), dayOf(NOW.getTime() - 7 * DAY)], // a week inside
      [dayOf(NOW.getTime() - 45 * DAY), dayOf(NOW.getTime() - 45 * DAY)], // one day
      [dayOf(NOW.getTime() - 400 * DAY), dayOf(NOW.getTime() - 100 * DAY)], // before any lead
    ] as const;
    for (const [from, to] of periods) {
      const funnel = await funnelOf(db, { from, to });
      const want = await expected(from, to);
      expect(Object.fromEntries(funnel.steps.map((s) => [s.key, s.count])), `${from} … ${to}`).toEqual(want);
      // The chart's days add up to the totals, and a day's bar holds that day's rows.
      expect(funnel.days.reduce((sum, d) => sum + d.leads, 0)).toBe(want.leads);
      const busiest = funnel.days.reduce((a, b) => (b.leads > a.leads ? b : a));
      expect({ ...busiest, day: undefined }).toEqual({ ...(await expected(busiest.day, busiest.day)), day: undefined });
    }
    expect((await funnelOf(db, { from: periods[0][0], to: periods[0][1] })).steps[1]!.count).toBe(LEADS);
  });

  it('draws the PDF of every version of the newest proposals, which read back with the buyer, and of no others', async () => {
    const newest = await db.kysely
      .selectFrom('pdf as p')
      .innerJoin('call as c', 'c.id', 'p.call_id')
      .select(['p.id', 'c.lead_name', 'c.lead_company', sql<number>`p.pdf_file is not null`.as('has')])
      .orderBy('p.lead_created_at', 'desc')
      .limit(SEEDED_PDFS + 1)
      .execute();
    expect(newest.map((p) => Boolean(Number(p.has)))).toEqual([...Array(SEEDED_PDFS).fill(true), false]);
    const versions = await db.kysely
      .selectFrom('proposal_version')
      .select(['pdf_id', 'pdf_file'])
      .where('pdf_id', 'in', newest.slice(0, SEEDED_PDFS).map((p) => p.id))
      .execute();
    expect(versions.length).toBeGreaterThanOrEqual(SEEDED_PDFS);
    expect(versions.every((v) => v.pdf_file)).toBe(true);
    const tmp = tempDir();
    const file = join(tmp.dir, 'seeded.pdf');
    writeFileSync(file, Buffer.from(versions[0]!.pdf_file!));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    tmp.cleanup();
    const buyer = newest.find((p) => p.id === versions[0]!.pdf_id)!;
    expect(text).toContain(buyer.lead_name!);
    expect(await count(db, 'proposal_version')).toBeGreaterThan(versions.length);
  });

  it('adds more seeded leads on a second run', async () => {
    const again = await seedDemoLeads(db, { leads: 10, days: DAYS, now: NOW, seed: 7 });
    expect(again.leads).toBe(10);
    expect(await count(db, 'customer')).toBe(LEADS + 10);
  });

  it('refuses a database holding a real customer, writing nothing', async () => {
    const at = NOW.toISOString();
    await db.kysely.insertInto('customer').values({ id: newId(), email: 'ana@clinica.example', name: 'Ana', cargo: null, company: null, pag_web: null, created_at: at, updated_at: at }).execute();
    const before = await Promise.all((['customer', 'vapi_call', 'call', 'pdf'] as const).map((t) => count(db, t)));
    await expect(seedDemoLeads(db, { leads: 5, now: NOW })).rejects.toBeInstanceOf(RealLeadsError);
    expect(await Promise.all((['customer', 'vapi_call', 'call', 'pdf'] as const).map((t) => count(db, t)))).toEqual(before);
  });
}

describe('demo seed: sqlite', () =>
  seedSpecs(async () => {
    const tmp = tempDir();
    const db = await createDatabase({ path: join(tmp.dir, 'seed.db') });
    return { db, cleanup: async () => (await db.close(), tmp.cleanup()) };
  }));

describe.runIf(!!PG_URL)('demo seed: postgres (TEST_DATABASE_URL)', () =>
  seedSpecs(async () => {
    const schema = await pgSchema('helena_seed_');
    const db = await createDatabase({ url: schema.url, poolSize: 2 });
    return { db, cleanup: async () => (await db.close(), await schema.drop()) };
  }));

describe('npm run db:seed-demo', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  // The operator's environment, minus any database settings of this machine's: the command must use DATABASE_PATH.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_|TEST_DATABASE_URL)/.test(k))), LOG_LEVEL: 'silent' };
  const run = (args: string[], path: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'api/src/panel/seed-demo-main.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...env, DATABASE_PATH: path } });

  it('seeds the configured database and prints its counts as one JSON line', async () => {
    const path = join(tmp.dir, 'cli.db');
    const r = run(['--leads', '50'], path);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim()) as Record<string, number>;
    expect(out).toMatchObject({ leads: 50, conversations: 75 });
    expect(out.proposals).toBeLessThanOrEqual(50);
    expect(r.stderr).toMatch(/seeded 50\/50 leads/);
    const db = await createDatabase({ path });
    try {
      expect(await count(db, 'call')).toBe(50);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses a bad --leads with its usage, exit 2, before opening any database', () => {
    const path = join(tmp.dir, 'never.db');
    for (const bad of [['--leads', 'abc'], ['--leads', '0'], ['--leads', '1000001'], ['--leads', '1e3'], ['--bogus']]) {
      const r = run(bad, path);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/usage: npm run db:seed-demo/);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(path)).toBe(false);
  }, 60_000);

  it('refuses a database with a real customer: exit 1, one line, nothing written', async () => {
    const path = join(tmp.dir, 'real.db');
    const db = await createDatabase({ path });
    const at = new Date().toISOString();
    await db.kysely.insertInto('customer').values({ id: newId(), email: 'jose@talleres.example', name: 'José Muñoz', cargo: null, company: null, pag_web: null, created_at: at, updated_at: at }).execute();
    await db.close();
    const r = run(['--leads', '5'], path);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/refusing to seed/);
    const after = await createDatabase({ path });
    try {
      expect(await count(after, 'customer')).toBe(1);
      expect(await count(after, 'call')).toBe(0);
    } finally {
      await after.close();
    }
  }, 60_000);
});
