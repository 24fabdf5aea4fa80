// One JSON line per request, with the request id and the client's address. A client that hangs
// up before the answer is an ordinary event: logged at info as 'client aborted', never a 500.
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../log';
import { SIGNIN_PATH } from '../panel/auth/links';
import { PRIVACY_PATH, UNSUBSCRIBE_PATH } from '../privacy/links';
import { clientIp } from './client-ip';

export type AppEnv = { Variables: { requestId: string; ip: string } };

/** True when the client closed the connection before the request was answered. */
export function clientAborted(c: { env: unknown; req: { raw: Request } }): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return c.req.raw.signal.aborted || (!!incoming && (incoming.destroyed || incoming.readableAborted) && !incoming.complete);
}

// A privacy link's token opens what is stored about its address, a sign-in link's opens the
// panel: neither is written to the log.
const CAPABILITY_PATH = new RegExp(`^(${UNSUBSCRIBE_PATH}|${PRIVACY_PATH}|${SIGNIN_PATH})/[^/]+`);

/** The request path as logged: privacy and sign-in tokens replaced by `:token`. */
export const loggedPath = (path: string): string => path.replace(CAPABILITY_PATH, '$1/:token');

export function accessLog(opts: { log: Logger; trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  const { log } = opts;
  return async (c, next) => {
    const start = performance.now();
    c.set('ip', clientIp(c, opts.trustProxy));
    await next();
    const fields = {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: loggedPath(c.req.path),
      ms: Math.round((performance.now() - start) * 10) / 10,
      ip: c.get('ip'),
    };
    if (clientAborted(c)) log.info('client aborted', fields);
    else if (log.enabled('info')) log.info('request', { ...fields, status: c.res.status });
  };
}
