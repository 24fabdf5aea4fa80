import { router } from './trpc';
import { customerRouter } from './customer/router';
import { callsRouter } from './calls/router';
import { vapiCallRouter } from './vapi_call/router';
import { proposalRouter } from './proposal/router';
import { panelRouter } from './panel/router';

export const appRouter = router({
  customer: customerRouter,
  calls: callsRouter,
  vapi_call: vapiCallRouter,
  proposal: proposalRouter,
  panel: panelRouter,
});

export type AppRouter = typeof appRouter;
