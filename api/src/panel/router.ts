// panel.*: the site owner's procedures. Each is thin: the session and origin are checked once by
// `ownerProcedure`, the SQL lives in queries/, and the actions call the proposal and privacy
// services themselves, writing their audit row in the action's own transaction.
import {
  panelAuditListInput,
  panelCatalogueTryInput,
  panelEraseInput,
  panelFunnelInput,
  panelLeadIdInput,
  panelLeadsListInput,
  panelSetOutcomeInput,
} from '@helena/contract';
import { nowIso } from '../db';
import { eraseAddress, storedData } from '../privacy';
import { normalizeAddress } from '../privacy/keys';
import { resendProposal } from '../proposal/resend';
import { router, TRPCError } from '../trpc';
import { ownerProcedure } from './auth/middleware';
import { catalogueOf, tryCatalogue } from './catalogue';
import { listAudit, recordAudit } from './queries/audit';
import { funnelOf } from './queries/funnel';
import { findLead } from './queries/lead';
import { BadCursorError } from './queries/cursor';
import { listLeads } from './queries/leads';
import { leadContact, setOutcome } from './queries/actions';

/** A page by a cursor this server did not give is a clear 400, not an empty page. */
async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof BadCursorError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Esa página ya no existe: vuelve a la primera.' });
    throw err;
  }
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Ese contacto no existe o se ha borrado.' });

export const panelRouter = router({
  leads: router({
    list: ownerProcedure.input(panelLeadsListInput).query(({ ctx, input }) => paged(() => listLeads(ctx.deps.db, input, nowIso()))),
    get: ownerProcedure.input(panelLeadIdInput).query(async ({ ctx, input }) => (await findLead(ctx.deps.db, input.id, nowIso())) ?? Promise.reject(notFound())),
    setOutcome: ownerProcedure.input(panelSetOutcomeInput).mutation(async ({ ctx, input }) => {
      if (!(await setOutcome(ctx.deps.db, { ...input, actor: ctx.owner, at: nowIso() }))) throw notFound();
      return { ok: true as const };
    }),
    resend: ownerProcedure.input(panelLeadIdInput).mutation(async ({ ctx, input }) => {
      const result = await resendProposal(ctx.deps, input.id, (tx) => recordAudit(tx, { actor: ctx.owner, action: 'resend', leadId: input.id, at: nowIso() }));
      return { status: result.status };
    }),
    export: ownerProcedure.input(panelLeadIdInput).mutation(async ({ ctx, input }) => {
      const { db, privacy } = ctx.deps;
      const contact = await leadContact(db, input.id);
      if (!contact) throw notFound();
      const data = await storedData(db, contact.email, await privacy.addressKey(contact.email));
      await recordAudit(db.kysely, { actor: ctx.owner, action: 'export', leadId: input.id, at: nowIso() });
      return data as unknown as Record<string, unknown>;
    }),
    erase: ownerProcedure.input(panelEraseInput).mutation(async ({ ctx, input }) => {
      const { db } = ctx.deps;
      const contact = await leadContact(db, input.id);
      if (!contact) throw notFound();
      if (normalizeAddress(input.confirmEmail) !== contact.email) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'La dirección escrita no es la de este contacto: no se ha borrado nada.' });
      }
      const erased = await eraseAddress(db, contact.email, {
        alsoInTransaction: (tx) => recordAudit(tx, { actor: ctx.owner, action: 'erase', leadId: input.id, at: nowIso() }),
      });
      ctx.deps.nudgePlatformErasures();
      ctx.log.info('address erased', { via: 'panel', ...erased });
      return { erased: erased.customers > 0 || erased.calls > 0 };
    }),
  }),
  funnel: ownerProcedure.input(panelFunnelInput).query(({ ctx, input }) => funnelOf(ctx.deps.db, input)),
  audit: router({ list: ownerProcedure.input(panelAuditListInput).query(({ ctx, input }) => paged(() => listAudit(ctx.deps.db, input.cursor))) }),
  catalogue: router({
    get: ownerProcedure.query(({ ctx }) => catalogueOf(ctx.deps.config.offer)),
    try: ownerProcedure.input(panelCatalogueTryInput).query(({ ctx, input }) => tryCatalogue(ctx.deps.config.offer, input.text)),
  }),
  session: router({ me: ownerProcedure.query(({ ctx }) => ({ email: ctx.owner, company: ctx.deps.config.COMPANY_NAME })) }),
});
