// Accepting a proposal: the visitor types their full name and confirms; the acceptance (when, the
// name, which version they saw) is recorded once, and the document is rendered again as the next
// version, so the page and the PDF say 'Propuesta aceptada el …'. Accepting twice changes
// nothing; an expired proposal cannot be accepted.
import type { VisitorLocale } from '@helena/contract';
import { z } from 'zod';
import { nowIso } from '../db';
import type { Deps } from '../deps';
import type { AcceptanceState } from '../pages/proposal';
import { acceptedDocument, storedDocument, type ProposalDocument } from './document';
import { findStoredProposal, keepCurrentVersion, type StoredProposal } from './queries';
import { renderVersion } from './versions';
import { proposalAccepted } from '../sales/handoff';

export const ACCEPT_NAME_MAX = 120;

/** What the visitor is told when the form is refused, in their language. */
export const ACCEPT_PROBLEMS = {
  es: {
    nameShort: 'Escribe tu nombre completo para aceptar la propuesta.',
    nameLong: `El nombre no puede tener más de ${ACCEPT_NAME_MAX} caracteres.`,
    nameLetters: 'Escribe tu nombre con letras, sin otros signos.',
    confirm: 'Marca la casilla para confirmar que aceptas la propuesta.',
    otherSite: 'Esta solicitud viene de otro sitio: abre el enlace de tu correo y acepta desde allí.',
  },
  en: {
    nameShort: 'Type your full name to accept the proposal.',
    nameLong: `The name cannot be longer than ${ACCEPT_NAME_MAX} characters.`,
    nameLetters: 'Type your name in letters, without other signs.',
    confirm: 'Tick the box to confirm that you accept the proposal.',
    otherSite: 'This request comes from another site: open the link in your email and accept from there.',
  },
} satisfies Record<VisitorLocale, Record<string, string>>;

/** Why the form was refused: a key of `ACCEPT_PROBLEMS`. */
export type AcceptProblem = keyof (typeof ACCEPT_PROBLEMS)['es'];

/** The form's fields: a full name (letters, at least two characters) and the ticked confirmation. Each message is an `AcceptProblem`. */
export const acceptanceInput = z.object({
  name: z
    .string()
    .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(2, 'nameShort' satisfies AcceptProblem)
        .max(ACCEPT_NAME_MAX, 'nameLong' satisfies AcceptProblem)
        .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, 'nameLetters' satisfies AcceptProblem),
    ),
  confirmed: z.literal(true, { error: 'confirm' satisfies AcceptProblem }),
});

export type AcceptResult =
  | { status: 'accepted'; at: string; version: number }
  | { status: 'already-accepted'; at: string }
  | { status: 'invalid'; problem: AcceptProblem }
  | { status: 'expired' }
  | { status: 'missing' };

/** What the page shows under the proposal for `row` (one the route found shown: accepted, or not expired). */
export function pageState(row: StoredProposal, doc: ProposalDocument | null): AcceptanceState {
  if (row.accepted_at) return { kind: 'accepted', at: row.accepted_at };
  return { kind: 'open', callId: row.call_id, name: doc?.buyer.name ?? null };
}

/** Records the acceptance of call `callId`'s proposal by `input.name`. */
export async function acceptProposal(deps: Deps, callId: string, input: { name: string; confirmed: boolean }): Promise<AcceptResult> {
  const parsed = acceptanceInput.safeParse(input);
  if (!parsed.success) {
    const said = parsed.error.issues[0]!.message;
    return { status: 'invalid', problem: said in ACCEPT_PROBLEMS.es ? (said as AcceptProblem) : 'nameShort' };
  }
  const { db } = deps;
  // A version written between our read and our write (the end-of-call report) is read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findStoredProposal(db, callId);
    if (!row) return { status: 'missing' };
    if (row.accepted_at) return { status: 'already-accepted', at: row.accepted_at };
    const now = nowIso();
    if (row.expires_at <= now) return { status: 'expired' };
    const current = storedDocument(db.parseJson(row.document));
    const next = current ? acceptedDocument(current, parsed.data.name, now) : null;
    const rendered = next ? await renderVersion(next, { pdf: deps.config.PROPOSAL_PDF }) : null;
    const accepted = await db.kysely.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('pdf')
        .set({
          accepted_at: now,
          accepted_name: parsed.data.name,
          accepted_version: row.version,
          ...(next && rendered ? { document: db.json(next), content: rendered.content, pdf_file: rendered.pdf, version: next.version } : {}),
          updated_at: now,
        })
        .where('call_id', '=', callId)
        .where('version', '=', row.version)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      if (next) await keepCurrentVersion(tx, callId, now);
      // The team hears of it with the acceptance itself: both or neither.
      if (next) await proposalAccepted(tx, deps, { callId, pdfId: row.id, doc: next, hasPdf: !!(rendered?.pdf ?? row.pdf_file) });
      return true;
    });
    if (accepted) {
      deps.nudgeMail();
      deps.nudgeWebhooks();
      return { status: 'accepted', at: now, version: row.version };
    }
  }
  throw new Error('the proposal kept changing while it was being accepted');
}
