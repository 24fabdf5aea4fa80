// Synthetic demo leads for the owner's panel: enough rows (customer, submission, conversation, call,
// proposal and its versions) to show the list, search and funnel at a real site's scale, and to
// measure them (bench/panel). Every seeded address is on SEED_DOMAIN, which is how a database of
// real leads is told apart and refused: demo rows must never mix with a site owner's customers.
import { sql } from 'kysely';
import type { Db } from '../db';
import { hashToken, newId } from '../ids';
import { escapeHtml } from '../html/escape';
import { demoOffer } from '../offer/load';
import type { Offer } from '../offer/schema';
import { formatMoney } from '../offer/money';
import { acceptedDocument, buildProposalDocument, storedDocument, type ProposalDocument } from '../proposal/document';
import { renderProposalPdf } from '../proposal/pdf';
import type { ConversationTurn } from '../proposal/visitor-words';
import { searchKeyOf } from './search-key';

export const SEED_DOMAIN = 'seed.helena.example';
export const MAX_SEED_LEADS = 1_000_000;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Leads per multi-row insert and per transaction: few round trips, under SQLite's 32,766 parameters. */
const BATCH = 500;
/** Conversations per lead, counting those that left no contact: the funnel's first step is the widest. */
const CONVERSATIONS_PER_LEAD = 1.5;
const PROPOSAL_SHARE = 0.85;
const VIEWED_SHARE = 0.6;
const ACCEPTED_SHARE = 0.2;
/**
 * How many of the newest proposals get their PDFs drawn, every version: the ones on the first page
 * an owner opens. The rest have none, as at about 25 KB a version, 100,000 leads would add some
 * 2.5 GB and an hour and a half of drawing.
 */
export const SEEDED_PDFS = 20;

export interface SeedOptions {
  leads: number;
  /** How far back the leads go (default 90 days). */
  days?: number;
  now?: Date;
  log?: (line: string) => void;
  /** The proposals' offer (default the demo site's). */
  offer?: Offer;
  publicUrl?: string;
  assistantName?: string;
  /** The pseudo-random sequence's seed, so a run can be repeated; ids and addresses stay unique. */
  seed?: number;
}

export interface SeedResult {
  leads: number;
  conversations: number;
  proposals: number;
  viewed: number;
  accepted: number;
  ms: number;
}

/** The database holds leads that are not seeded ones: seeding it would mix invented leads with real customers. */
export class RealLeadsError extends Error {
  constructor(readonly example: string) {
    super(`refusing to seed: the database holds real leads (e.g. a customer not on @${SEED_DOMAIN}); seed an empty or demo-only database`);
    this.name = 'RealLeadsError';
  }
}

const FIRST = ['José', 'María', 'Begoña', 'Íñigo', 'Lucía', 'Sofía', 'Jesús', 'Ramón', 'Ángela', 'Tomás', 'Inés', 'Raúl', 'Nuria', 'Andrés', 'Mónica', 'Joaquín', 'Elena', 'Óscar', 'Aitana', 'Héctor', 'Marta', 'Rocío', 'Adrián', 'Núria', 'Iván', 'Belén', 'Álvaro', 'Verónica', 'Sebastián', 'Pilar'];
const LAST = ['Muñoz', 'Ibáñez', 'García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Rodríguez', 'Núñez', 'Peña', 'Jiménez', 'Díaz', 'Álvarez', 'Romero', 'Gutiérrez', 'Castaño', 'Ortíz', 'Suárez', 'Domínguez', 'Vázquez', 'Méndez', 'Cortés', 'Aguirre', 'Echeverría', 'Zubizarreta', 'Bermúdez', 'Calderón', 'Ruíz'];
const CARGO = ['Gerente', 'Dueña', 'Dueño', 'Directora comercial', 'Director de operaciones', 'Responsable de marketing', 'Socia fundadora', 'Administrador', null];
const TRADE = ['Clínica dental', 'Floristería', 'Talleres', 'Asesoría', 'Inmobiliaria', 'Academia', 'Peluquería', 'Restaurante', 'Fisioterapia', 'Óptica', 'Gimnasio', 'Veterinaria', 'Autoescuela', 'Reformas', 'Hotel'];
const PLACE = ['Peñalara', 'del Sol', 'Begoña', 'La Alcazaba', 'Núñez y Hermanos', 'Pétalos', 'Cañada Real', 'Orquídea', 'Montaña', 'Albéniz', 'Triana', 'Logroño', 'Cádiz', 'Avilés', 'Pirineo'];
const SUFFIX = [' S.L.', ' S.A.', '', '', ' y Asociados'];

/** What a visitor says in a conversation, which chooses the proposal's items (run through the matcher once each). */
const SCRIPTS: { words: string[]; business: string; summary: string }[] = [
  { words: ['Quiero WhatsApp para las reservas'], business: 'reservas de mesa', summary: 'Quiere atender reservas por WhatsApp.' },
  { words: ['Necesito un chat en la web para los visitantes'], business: 'tienda online', summary: 'Busca un chat que atienda su web.' },
  { words: ['Perdemos llamadas de teléfono fuera de horario'], business: 'atención telefónica', summary: 'Pierde llamadas fuera de horario y quiere un agente de voz.' },
  { words: ['Usamos HubSpot y queremos seguimiento de presupuestos'], business: 'ventas a empresas', summary: 'Quiere integrar su CRM y automatizar el seguimiento.' },
  { words: ['Quiero una agenda de citas y recordatorios por WhatsApp', 'También llamadas'], business: 'citas con pacientes', summary: 'Necesita agenda de citas, WhatsApp y voz.' },
  { words: ['Solo quería información'], business: 'información general', summary: 'Pidió información general.' },
];

const ASSISTANT_LINES = ['Hola, soy Helena. ¿En qué puedo ayudarte?', '¿Cuántas consultas recibís al día, más o menos?', 'Perfecto. Te preparo una propuesta y te la envío por correo.'];

/** A small, fast, seedable generator (mulberry32): the same seed gives the same leads. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
    between: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo)),
  };
}
type Rng = ReturnType<typeof generator>;

const iso = (t: number) => new Date(t).toISOString();
/** Lower-case ASCII for an address's local part (addresses are stored lower-cased). */
const slug = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');

interface Template {
  script: (typeof SCRIPTS)[number];
  doc: ProposalDocument;
  turns: ConversationTurn[];
}

/** One document per script, built by the real matcher and pricing; leads only vary the buyer and dates. */
function templates(offer: Offer, assistantName: string): Template[] {
  return SCRIPTS.map((script) => ({
    script,
    doc: buildProposalDocument({
      offer,
      buyer: { name: null, cargo: null, company: null, email: '' },
      words: { words: script.words, business: script.business },
      summary: script.summary,
      assistantName,
      link: '',
      issuedAt: '',
      expiresAt: '',
    }),
    turns: [
      { who: 'assistant', text: ASSISTANT_LINES[0]!, secondsFromStart: 0.6 },
      ...script.words.map((text, i) => ({ who: 'visitor' as const, text, secondsFromStart: 5 + i * 9 })),
      { who: 'assistant', text: ASSISTANT_LINES[1]!, secondsFromStart: 25 },
      { who: 'visitor', text: 'Unas cuarenta.', secondsFromStart: 31 },
      { who: 'assistant', text: ASSISTANT_LINES[2]!, secondsFromStart: 38 },
    ],
  }));
}

const transcriptOf = (turns: readonly ConversationTurn[]) => turns.map((t) => `${t.who === 'visitor' ? 'User' : 'AI'}: ${t.text}`).join('\n');

/** The rows of one batch, table by table, in foreign-key order. */
interface Batch {
  customer: object[];
  lead_submission: object[];
  vapi_call: object[];
  call: object[];
  pdf: object[];
  proposal_version: object[];
}
const TABLES = ['customer', 'lead_submission', 'vapi_call', 'call', 'pdf', 'proposal_version'] as const;

interface Ctx {
  db: Db;
  rng: Rng;
  tpl: Template[];
  offer: Offer;
  publicUrl: string;
  /** Makes this run's addresses unique beside an earlier run's. */
  run: string;
  start: number;
  now: number;
  counts: Omit<SeedResult, 'ms'>;
}

/** A conversation row: `at` its start, ended a few minutes later with the platform's report. */
function conversationRow(c: Ctx, at: number, tpl: Template) {
  const duration = c.rng.between(40, 600);
  const ended = at + duration * 1000;
  return {
    id: newId(),
    vapi_id: `seed-${newId()}`,
    initial_data: c.db.json({ assistant_id: null, start_time: iso(at), end_time: iso(ended), page_url: `${c.publicUrl}/`, locale: 'es', demo: true }),
    status: 'inactive',
    token_hash: hashToken(`seed-${at}-${c.rng.next()}`),
    transcript: transcriptOf(tpl.turns),
    summary: tpl.script.summary,
    duration,
    ended_reason: c.rng.chance(0.8) ? 'customer-ended-call' : 'assistant-ended-call',
    recording_url: null,
    reported_at: iso(ended + 5_000),
    visitor_words: c.db.json({ words: tpl.script.words, business: tpl.script.business }),
    conversation: c.db.json(tpl.turns),
    locale: 'es',
    created_at: iso(at),
    updated_at: iso(ended + 5_000),
  };
}

/** A moment `delayMs` after `t`, or null when that is still in the future. */
const after = (c: Ctx, t: number, delayMs: number) => (t + delayMs < c.now ? t + delayMs : null);

function addLead(c: Ctx, b: Batch, index: number) {
  const { rng } = c;
  const tpl = rng.pick(c.tpl);
  // Room for the contact and proposal to come after the conversation, inside the window.
  const talked = c.start + Math.floor(rng.next() * (c.now - c.start - 30 * MINUTE_MS));
  const conversation = conversationRow(c, talked, tpl);
  const at = talked + rng.between(1, 15) * MINUTE_MS;
  const first = rng.pick(FIRST);
  const last = `${rng.pick(LAST)} ${rng.pick(LAST)}`;
  const name = `${first} ${last}`;
  const company = rng.chance(0.9) ? `${rng.pick(TRADE)} ${rng.pick(PLACE)}${rng.pick(SUFFIX)}` : null;
  const cargo = rng.pick(CARGO);
  const email = `${slug(first)}.${slug(last)}.${c.run}${index.toString(36)}@${SEED_DOMAIN}`;
  const customerId = newId();
  const callId = newId();
  b.vapi_call.push(conversation);
  b.customer.push({ id: customerId, email, name, cargo, company, pag_web: rng.chance(0.5) ? `https://${slug(company ?? last)}.example` : null, created_at: iso(at), updated_at: iso(at) });
  b.lead_submission.push({ id: newId(), customer_id: customerId, name, cargo, company, created_at: iso(at) });
  const call = {
    id: callId,
    transaction: `propuesta-${at}`,
    customer_id: customerId,
    vapi_call_id: conversation.id,
    status: 'completada',
    duration: conversation.duration,
    transcript: conversation.transcript,
    summary: conversation.summary,
    lead_name: name,
    lead_cargo: cargo,
    lead_company: company,
    ended_reason: conversation.ended_reason,
    recording_url: null,
    search_key: searchKeyOf(name, email, company),
    outcome: null as 'ganada' | 'perdida' | null,
    outcome_note: null as string | null,
    outcome_at: null as string | null,
    created_at: iso(at),
    updated_at: iso(at),
  };
  b.call.push(call);
  c.counts.leads++;
  c.counts.conversations++;
  if (!rng.chance(PROPOSAL_SHARE)) return;

  const issued = at + rng.between(5, 90) * 1000;
  const expires = issued + c.offer.validityDays * DAY_MS;
  const doc: ProposalDocument = {
    ...tpl.doc,
    buyer: { name, cargo, company, email },
    business: tpl.script.business,
    link: `${c.publicUrl}/propuesta/${callId}`,
    issuedAt: iso(issued),
    expiresAt: iso(expires),
  };
  const viewed = rng.chance(VIEWED_SHARE) ? after(c, issued, rng.between(2, 48 * 60) * MINUTE_MS) : null;
  const accepted = viewed !== null && rng.chance(ACCEPTED_SHARE) ? after(c, viewed, rng.between(5, 7 * 24 * 60) * MINUTE_MS) : null;
  // Acceptance is only possible while the proposal is valid.
  const acceptedAt = accepted !== null && accepted < expires ? accepted : null;
  const pdfId = newId();
  const current = acceptedAt !== null ? acceptedDocument(doc, name, iso(acceptedAt)) : doc;
  const touched = acceptedAt ?? viewed ?? issued;
  b.pdf.push({
    id: pdfId,
    transaction: call.transaction,
    call_id: callId,
    content: `<article class="propuesta"><h1>Propuesta para ${escapeHtml(company ?? name)}</h1><p>${escapeHtml(doc.lines.map((l) => l.title).join(', '))}</p><p>Total: ${escapeHtml(formatMoney(doc.totals.setup.gross, doc.currency))}</p></article>`,
    email,
    email_sent: c.db.bool(true),
    expires_at: iso(expires),
    document: c.db.json(current),
    pdf_file: null,
    version: current.version,
    accepted_at: acceptedAt === null ? null : iso(acceptedAt),
    accepted_name: acceptedAt === null ? null : name,
    accepted_version: acceptedAt === null ? null : doc.version,
    first_viewed_at: viewed === null ? null : iso(viewed),
    lead_created_at: call.created_at,
    created_at: iso(issued),
    updated_at: iso(touched),
  });
  // The owner's lead page lists every version the visitor saw, as the real flow keeps them.
  b.proposal_version.push({ pdf_id: pdfId, version: doc.version, document: c.db.json(doc), pdf_file: null, created_at: iso(issued) });
  if (current !== doc) b.proposal_version.push({ pdf_id: pdfId, version: current.version, document: c.db.json(current), pdf_file: null, created_at: iso(acceptedAt!) });
  c.counts.proposals++;
  if (viewed !== null) c.counts.viewed++;
  if (acceptedAt !== null) c.counts.accepted++;

  // The owner records a few outcomes: some accepted deals won, some expired ones lost.
  if (acceptedAt !== null && rng.chance(0.4)) {
    Object.assign(call, { outcome: 'ganada', outcome_note: rng.chance(0.5) ? 'Firmado tras la llamada.' : null, outcome_at: iso(Math.min(c.now - 1, acceptedAt + DAY_MS)) });
  } else if (acceptedAt === null && expires <= c.now && rng.chance(0.1)) {
    Object.assign(call, { outcome: 'perdida', outcome_note: rng.chance(0.5) ? 'Eligió otro proveedor.' : null, outcome_at: iso(expires) });
  }
}

/** A conversation that left no contact (the visitor talked and went). */
function addVisitOnly(c: Ctx, b: Batch) {
  const at = c.start + Math.floor(c.rng.next() * (c.now - c.start - 30 * MINUTE_MS));
  b.vapi_call.push(conversationRow(c, at, c.rng.pick(c.tpl)));
  c.counts.conversations++;
}

async function writeBatch(db: Db, b: Batch) {
  await db.kysely.transaction().execute(async (tx) => {
    // Rows are plain objects built to the schema above; Kysely's per-table value types would need one cast per table anyway.
    for (const table of TABLES) if (b[table].length) await tx.insertInto(table).values(b[table] as never).execute();
  });
}

/** An address not on SEED_DOMAIN, if the database holds one. */
export async function realLeadExample(db: Db): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('customer')
    .select('email')
    .where(sql<boolean>`email not like ${`%@${SEED_DOMAIN}`}`)
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

/** The PDFs of the `n` newest proposals still without one, each version drawn from its own document. */
async function drawNewestPdfs(db: Db, n: number): Promise<void> {
  const newest = await db.kysely.selectFrom('pdf').select(['id', 'version']).where('pdf_file', 'is', null).orderBy('lead_created_at', 'desc').limit(n).execute();
  for (const p of newest) {
    const versions = await db.kysely.selectFrom('proposal_version').select(['version', 'document']).where('pdf_id', '=', p.id).where('pdf_file', 'is', null).execute();
    for (const v of versions) {
      const doc = v.document ? storedDocument(db.parseJson(v.document)) : null;
      if (!doc) continue;
      const pdf = await renderProposalPdf(doc);
      await db.kysely.updateTable('proposal_version').set({ pdf_file: pdf }).where('pdf_id', '=', p.id).where('version', '=', v.version).execute();
      if (v.version === p.version) await db.kysely.updateTable('pdf').set({ pdf_file: pdf }).where('id', '=', p.id).execute();
    }
  }
}

/**
 * Adds `opts.leads` demo leads spread over the last `opts.days`. Throws RealLeadsError, writing
 * nothing, when the database holds a real customer.
 */
export async function seedDemoLeads(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  if (!Number.isInteger(opts.leads) || opts.leads < 1 || opts.leads > MAX_SEED_LEADS) throw new RangeError(`leads must be an integer from 1 to ${MAX_SEED_LEADS}`);
  const days = opts.days ?? 90;
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new RangeError('days must be an integer from 1 to 3650');
  const real = await realLeadExample(db);
  if (real !== undefined) throw new RealLeadsError(real);

  const now = (opts.now ?? new Date()).getTime();
  const offer = opts.offer ?? demoOffer();
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const c: Ctx = {
    db,
    rng: generator(seed),
    tpl: templates(offer, opts.assistantName ?? 'Helena'),
    offer,
    publicUrl: (opts.publicUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    run: newId().slice(-6) + '.',
    start: now - days * DAY_MS,
    now,
    counts: { leads: 0, conversations: 0, proposals: 0, viewed: 0, accepted: 0 },
  };
  const extras = Math.round(opts.leads * (CONVERSATIONS_PER_LEAD - 1));
  let extrasDone = 0;
  for (let from = 0; from < opts.leads; from += BATCH) {
    const to = Math.min(opts.leads, from + BATCH);
    const b: Batch = { customer: [], lead_submission: [], vapi_call: [], call: [], pdf: [], proposal_version: [] };
    for (let i = from; i < to; i++) addLead(c, b, i);
    // Spread the contact-less conversations over the batches in proportion.
    const extrasUpTo = Math.round((extras * to) / opts.leads);
    for (; extrasDone < extrasUpTo; extrasDone++) addVisitOnly(c, b);
    await writeBatch(db, b);
    opts.log?.(`seeded ${to}/${opts.leads} leads`);
  }
  await drawNewestPdfs(db, SEEDED_PDFS);
  return { ...c.counts, ms: Math.round(performance.now() - t0) };
}
