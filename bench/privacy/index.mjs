// bench/privacy: what the visitor's privacy rights cost the server.
//   node --import tsx bench/privacy/index.mjs [--addresses=1000] [--postgres=postgres://…] [--write]
//
// On a fresh SQLite file (or a schema of its own on --postgres), N addresses are stored as the
// lead flow stores them (customer, lead submission, conversation with a transcript, call, proposal,
// two sent emails and their log rows), half of them back-dated two days, half of them fresh.
// Measured: the footer and one-click headers each visitor email gets (the token, the keyed hash of
// the unsubscribe check, the footer's HTML and text); one erasure (`privacy:erase` / 'Borrar mis
// datos') per back-dated address, for the first quarter; then one retention sweep
// (RETENTION_DAYS=1) over the rest: it must erase the other back-dated quarter and keep every
// fresh address. There is no peer: our figures, and the checks (exit 1 if one fails).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '@helena/api/db';
import { createLogger } from '@helena/api/log';
import { visitorMailParts } from '@helena/api/mail/visitor-mail';
import { createPrivacyKeys, eraseAddress, sweepRetention } from '@helena/api/privacy';
import { writeResultsSection } from '../results.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const N = Number(arg('addresses', 1000));
const PG_URL = arg('postgres', '');
const WRITE = process.argv.includes('--write');
if (!Number.isInteger(N) || N < 8 || N > 1_000_000) {
  console.error('--addresses must be an integer from 8 to 1000000');
  process.exit(2);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => x.toFixed(2);

let schema = '';
let dir = '';
async function openDb() {
  if (!PG_URL) {
    dir = mkdtempSync(join(tmpdir(), 'helena-bench-privacy-'));
    return createDatabase({ path: join(dir, 'privacy.db') });
  }
  schema = 'helena_bench_privacy_' + randomBytes(4).toString('hex');
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return createDatabase({ url: u.toString() });
}
async function dropDb(db) {
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (schema) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  }
}

const id = () => crypto.randomUUID();
/** One address's rows, as the lead flow leaves them once both emails went out. */
function rowsOf(email, at) {
  const customer = id();
  const conversation = id();
  const call = id();
  const pdf = id();
  const transcript = 'AI: Hola, soy Helena.\nUser: Tengo tres tiendas y quiero atender a los clientes de noche.\n'.repeat(8);
  const outbox = (kind) => ({
    id: id(), kind, pdf_id: pdf, to_email: email, from_email: 'Helena <propuestas@example.com>', subject: kind, html: '<p>…</p>'.repeat(200), text: '…',
    attachments: null, headers: null, status: 'sent', attempts: 1, next_attempt_at: at, lease_until: null, claimed_by: 'w', message_id: id(), last_error: null, created_at: at, updated_at: at,
  });
  return {
    customer: { id: customer, email, name: 'Ana', cargo: 'Gerente', company: 'Tiendas Ana', pag_web: null, created_at: at, updated_at: at },
    lead_submission: { id: id(), customer_id: customer, name: 'Ana', cargo: 'Gerente', company: 'Tiendas Ana', created_at: at },
    vapi_call: { id: conversation, vapi_id: 'v-' + conversation, initial_data: '{}', status: 'inactive', token_hash: 'x', transcript, summary: 'Quiere atender de noche.', duration: 120, ended_reason: 'customer-ended-call', recording_url: null, reported_at: at, created_at: at, updated_at: at },
    call: { id: call, transaction: 't', customer_id: customer, vapi_call_id: conversation, status: 'completada', duration: 120, transcript, summary: 'Quiere atender de noche.', lead_name: 'Ana', lead_cargo: 'Gerente', lead_company: 'Tiendas Ana', ended_reason: null, recording_url: null, created_at: at, updated_at: at },
    pdf: { id: pdf, transaction: 't', call_id: call, content: '<article>…</article>'.repeat(100), email, email_sent: 1, expires_at: at, created_at: at, updated_at: at },
    outbox: [outbox('confirmation'), outbox('proposal')],
    email_log: [0, 1].map(() => ({ id: id(), pdf_id: pdf, email, sent_at: at, status: 'sent', error_message: null })),
  };
}

async function seed(db, emails, at) {
  const all = emails.map((e) => rowsOf(e, at));
  const bool = (r) => ({ ...r, email_sent: db.bool(true) });
  for (let i = 0; i < all.length; i += 200) {
    const chunk = all.slice(i, i + 200);
    await db.kysely.transaction().execute(async (tx) => {
      for (const table of ['customer', 'lead_submission', 'vapi_call', 'call', 'pdf', 'outbox', 'email_log']) {
        const rows = chunk.flatMap((r) => (table === 'pdf' ? [bool(r.pdf)] : r[table]));
        await tx.insertInto(table).values(rows).execute();
      }
    });
  }
}

const db = await openDb();
const loadBefore = loadavg()[0];
const config = { PUBLIC_URL: 'https://leads.example.com', COMPANY_NAME: 'Acme', COMPANY_ADDRESS: 'Calle Mayor 1, Madrid', RETENTION_DAYS: 1 };
const privacy = createPrivacyKeys(db, undefined);
const old = Array.from({ length: N / 2 }, (_, i) => `antigua-${i}@example.com`);
const fresh = Array.from({ length: N / 2 }, (_, i) => `reciente-${i}@example.com`);
await seed(db, old, new Date(Date.now() - 2 * DAY_MS).toISOString());
await seed(db, fresh, new Date().toISOString());

// 1) What each visitor email gets: the token, the unsubscribe check's keyed hash, the footer.
await visitorMailParts({ config, privacy }, 'warm@example.com', 'x');
const footerUs = [];
for (let i = 0; i < 5000; i++) {
  const t = performance.now();
  await privacy.addressKey(`v${i}@example.com`);
  await visitorMailParts({ config, privacy }, `v${i}@example.com`, 'Recibes este correo porque…');
  footerUs.push((performance.now() - t) * 1000);
}

// 2) One erasure per address, a quarter of them.
const erased = old.slice(0, N / 4);
const eraseMs = [];
let eraseRows = 0;
for (const email of erased) {
  const t = performance.now();
  const r = await eraseAddress(db, email);
  eraseMs.push(performance.now() - t);
  eraseRows += Object.values(r).reduce((a, b) => a + b, 0);
}

// 3) The sweep over the rest: a quarter idle, half fresh.
const t = performance.now();
const swept = await sweepRetention({ db, config, log: createLogger({ level: 'silent' }) });
const sweepMs = performance.now() - t;
const left = async (table, column, emails) => Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, 'in', emails).executeTakeFirstOrThrow()).n);
const oldLeft = (await left('customer', 'email', old)) + (await left('outbox', 'to_email', old)) + (await left('email_log', 'email', old));
const freshLeft = await left('customer', 'email', fresh);
await dropDb(db);
const loadAfter = loadavg()[0];

const checks = [
  ['every erasure removed its 9 rows', eraseRows === erased.length * 9, `${eraseRows} rows for ${erased.length} addresses`],
  ['the sweep erased every other idle address', swept.addresses === N / 4 && oldLeft === 0, `${swept.addresses} addresses, ${oldLeft} old rows left`],
  ['the sweep kept every fresh address', freshLeft === N / 2, `${freshLeft} / ${N / 2}`],
];
const dialect = PG_URL ? 'PostgreSQL 15' : 'SQLite (WAL)';
const section = [
  `## privacy (${new Date().toISOString().slice(0, 10)}, ${dialect}, Node ${process.version}, ${N} addresses)`,
  '',
  `\`node --import tsx bench/privacy/index.mjs --addresses=${N}${PG_URL ? ' --postgres=…' : ''}\`: ${N} addresses stored as the lead flow leaves them (9 rows each, with a transcript), half back-dated two days. One erasure each for a quarter of them, then one retention sweep (RETENTION_DAYS=1) over the rest. No peer: our figures. 1-min load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end (2 cores shared with other work).`,
  '',
  '| what | n | p50 | p99 |',
  '|---|---:|---:|---:|',
  `| footer + headers + unsubscribe hash per visitor email (µs) | ${footerUs.length} | ${pct(footerUs, 50).toFixed(0)} | ${pct(footerUs, 99).toFixed(0)} |`,
  `| one erasure of an address (ms) | ${eraseMs.length} | ${ms(pct(eraseMs, 50))} | ${ms(pct(eraseMs, 99))} |`,
  '',
  `Retention sweep: ${swept.addresses} idle addresses erased among ${N / 4 + N / 2} in ${(sweepMs / 1000).toFixed(2)} s (${Math.round(swept.addresses / (sweepMs / 1000))} addresses/s).`,
  '',
  ...checks.map(([label, ok, detail]) => `- ${label}: ${ok ? 'met' : 'NOT met'} (${detail})`),
  '',
].join('\n');
console.log(section);
// Its section of bench/RESULTS.md: a heading no other section's name starts with.
if (WRITE) writeResultsSection(PG_URL ? 'PostgreSQL privacy' : 'privacy', PG_URL ? section.replace('## privacy (', '## PostgreSQL privacy (') : section);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
