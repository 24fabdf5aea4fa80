// /api/trpc through tRPC's standard fetch adapter (no batching). Procedure errors are logged
// once; a client that hung up mid-body is not an error of ours.
import type { Context } from 'hono';
import type { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Deps } from '../deps';
import { appRouter } from '../router';
import type { Context as TrpcContext } from '../trpc';
import { clientAborted, type AppEnv } from './access-log';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { outageNotice } from '../db/outage-notice';
import { sessionIdOf } from '../panel/auth/sessions';
import { fromOwnPage } from './own-page';

export const TRPC_ENDPOINT = '/api/trpc';

export function trpcHandler(deps: Deps) {
  const noteOutage = outageNotice(deps.log, 'database unavailable: answering 503');
  return async (c: Context<AppEnv>): Promise<Response> => {
    const reqId = c.get('requestId');
    const res = await fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: c.req.raw,
      router: appRouter,
      allowBatching: false,
      createContext: (): TrpcContext => ({
        deps,
        ip: c.get('ip'),
        reqId,
        log: deps.log.child({ reqId }),
        aborted: () => clientAborted(c),
        sessionId: sessionIdOf(c, deps.config.PUBLIC_URL),
        ownOrigin: fromOwnPage(c, deps.config.PUBLIC_URL),
      }),
      onError: ({ error, path }: { error: TRPCError; path?: string }) => {
        if (clientAborted(c)) return;
        if (error.code === 'SERVICE_UNAVAILABLE') return noteOutage({ path });
        if (error.code !== 'INTERNAL_SERVER_ERROR') return;
        deps.log.error('procedure failed', { reqId, path, err: error.cause ?? error });
      },
    });
    // Through the context, so headers set earlier (rate limit, CORS) are kept.
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    if (res.status === 503) headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
    const noBody = res.body === null || res.status === 204 || res.status === 304 || c.req.method === 'HEAD';
    if (noBody) return c.body(null, res.status as 400, headers);
    return c.body(await res.arrayBuffer(), res.status as 400, headers);
  };
}
