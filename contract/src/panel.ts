// The site owner's panel: its procedures' inputs as zod schemas and their answers as types. The
// router (router.ts) declares them under `panel`, and the server's type test proves it agrees.
import { z } from 'zod';

/** A lead's place in the proposal flow; null when no proposal was sent yet. One definition for list, funnel and CSV. */
export const LEAD_STATES = ['enviada', 'vista', 'aceptada', 'caducada'] as const;
export type LeadState = (typeof LEAD_STATES)[number];
/** What the owner records once the deal is decided. */
export const LEAD_OUTCOMES = ['ganada', 'perdida'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];
/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ['conversations', 'leads', 'proposals', 'viewed', 'accepted'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/u, 'Fecha AAAA-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Esa fecha no existe');
/** The longest period the funnel counts: a year and a day. */
export const FUNNEL_MAX_DAYS = 366;
const spanDays = (p: { from: string; to: string }) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000;
const leadId = z.string().min(1).max(64);

/** Filters shared by the list and the CSV download. */
export const panelLeadsListInput = z.object({
  search: z.string().trim().max(200).optional(),
  state: z.enum([...LEAD_STATES, 'sin_propuesta']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).optional(),
}).refine((p) => !p.from || !p.to || p.from <= p.to, { message: '«Desde» va antes de «Hasta»', path: ['to'] });
export type PanelLeadsListInput = z.infer<typeof panelLeadsListInput>;

export const panelFunnelInput = z
  .object({ from: isoDate, to: isoDate })
  .refine((p) => p.from <= p.to, { message: '«Desde» va antes de «Hasta»', path: ['to'] })
  .refine((p) => spanDays(p) < FUNNEL_MAX_DAYS, { message: `Elige un periodo de ${FUNNEL_MAX_DAYS} días como mucho`, path: ['from'] });
export const panelLeadIdInput = z.object({ id: leadId });
export const panelSetOutcomeInput = z.object({
  id: leadId,
  outcome: z.enum(LEAD_OUTCOMES).nullable(),
  note: z.string().trim().max(1000).optional(),
});
export const panelEraseInput = z.object({ id: leadId, confirmEmail: z.string().trim().email().max(254) });
export const panelAuditListInput = z.object({ cursor: z.string().max(200).optional() });
export const panelCatalogueTryInput = z.object({ text: z.string().trim().min(1).max(2000) });

export interface PanelLeadRow {
  id: string; email: string; name: string; company: string | null; createdAt: string;
  state: LeadState | null; outcome: LeadOutcome | null;
  /** The proposal's one-off total and its monthly fee, taxes included, in currency units; null without a proposal. */
  total: number | null; monthly: number | null; items: string[];
}
export interface PanelLeadsPage { items: PanelLeadRow[]; nextCursor: string | null }
export interface PanelFunnel {
  steps: { key: FunnelStep; count: number; rate: number | null }[];
  days: ({ day: string } & Record<FunnelStep, number>)[];
  medianAcceptMs: number | null;
}
export interface PanelLeadDetail extends PanelLeadRow {
  cargo: string | null; outcomeNote: string | null; summary: string | null;
  conversation: { role: 'visitor' | 'assistant'; text: string; atMs: number | null }[];
  chosen: { item: string; quote: string }[];
  /** `pdfUrl` is null for a version made without a PDF (PROPOSAL_PDF=false). */
  proposals: { version: number; createdAt: string; total: number; monthly: number; pdfUrl: string | null }[];
  mails: { kind: string; subject: string; createdAt: string; status: string }[];
  webhooks: { event: string; target: string; createdAt: string; status: string; attempts: number }[];
  acceptance: { at: string; name: string; version: number } | null;
  timeline: { at: string; what: TimelineEvent; detail: string | null }[];
}
/** What happened to a lead, for its timeline (the panel words each in the owner's language). */
export const TIMELINE_EVENTS = ['conversation', 'lead', 'proposal', 'version', 'mail', 'viewed', 'accepted', 'webhook', 'outcome'] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];
/** What 'Reenviar' did: queued for sending, or why not (unsubscribed, a mail cap, expired, no proposal). */
export interface PanelResendResult { status: 'queued' | 'unsubscribed' | 'per-recipient' | 'per-hour' | 'expired' | 'missing' }
export interface PanelAuditPage {
  items: { id: string; at: string; actor: string; action: string; leadId: string | null }[];
  nextCursor: string | null;
}
/** Amounts in currency units (1234.5), taxes excluded unless said. */
export interface PanelCatalogueItem { id: string; title: string; setup: number; monthly: number; keywords: string[]; always: boolean }
export interface PanelCatalogue { company: string; currency: string; taxName: string; taxRate: number; items: PanelCatalogueItem[] }
/** A total before and after tax. */
export interface PanelTaxed { net: number; tax: number; gross: number }
/** What the proposal would offer for the text tried: the items with the words that chose them, and the totals. */
export interface PanelCatalogueTry {
  items: (PanelCatalogueItem & { because: { said: string; quote: string }[] })[];
  totals: { setup: PanelTaxed; monthly: PanelTaxed };
  matchedNeeds: boolean;
}
/** What `privacy:export` prints for the lead's address: everything stored about it. */
export type PanelExport = Record<string, unknown>;
export interface PanelSessionMe { email: string; company: string }
