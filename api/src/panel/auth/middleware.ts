// The one gate of every panel.* procedure: the panel is on, a state change comes from this
// server's own pages, and the request carries a live session of a current owner. No procedure
// checks any of it again.
import { TRPCError } from '@trpc/server';
import { publicProcedure } from '../../trpc';
import { panelEnabled } from './owners';
import { ownerOfSession } from './sessions';

/** Said to a request without a live session; the panel then shows the sign-in form. */
export const SIGNED_OUT_MESSAGE = 'Tu sesión ha terminado: vuelve a entrar.';

/** A procedure for a signed-in owner: its context carries `owner`, the owner's address. */
export const ownerProcedure = publicProcedure.use(async function ownerSession({ ctx, type, next }) {
  const { config, db } = ctx.deps;
  if (!panelEnabled(config)) throw new TRPCError({ code: 'NOT_FOUND', message: 'El panel no está activado (OWNER_EMAILS).' });
  if (type === 'mutation' && !ctx.ownOrigin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Esta solicitud viene de otro sitio.' });
  const owner = ctx.sessionId ? await ownerOfSession(db, config, ctx.sessionId) : null;
  if (!owner) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGNED_OUT_MESSAGE });
  return next({ ctx: { ...ctx, owner } });
});
