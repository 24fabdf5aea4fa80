// GET/POST /baja/{token} and GET/POST /privacidad/{token}: the links at the foot of every visitor
// email. A GET only shows; a POST acts. The token is the capability (it seals the address), so a
// request without it cannot act on anyone; a token this server did not make gets the same 404
// page for GET and POST. The one-click unsubscribe (RFC 8058) is a cross-site POST by design (a
// mail provider's), so /baja checks its body, not its origin; erasure accepts no other site's form.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/access-log';
import { requestBodyLimit } from '../http/body-limit';
import { fromOwnPage } from '../http/own-page';
import { rateLimit } from '../http/rate-limit';
import type { Deps } from '../deps';
import { setPageHeaders } from '../pages/headers';
import { privacyLinks, PRIVACY_PATH, UNSUBSCRIBE_PATH } from './links';
import { eraseAddress, isUnsubscribed, recordUnsubscribe, storedData } from './queries';
import { badRequestPage, erasedPage, invalidLinkPage, privacyPage, unsubscribedPage, unsubscribePage } from './views';

/** Form bodies here are one field; anything bigger is not ours. */
const FORM_LIMIT_BYTES = 8 * 1024;

/** The /baja and /privacidad routes, mounted at the root. */
export function privacyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const company = deps.config.COMPANY_NAME;
  for (const path of [UNSUBSCRIBE_PATH, PRIVACY_PATH]) {
    app.use(`${path}/*`, rateLimit(deps.limits));
    app.use(`${path}/*`, requestBodyLimit(FORM_LIMIT_BYTES));
  }

  /** The address the path's token seals, or null (the 404 page is then the answer). */
  const addressIn = async (c: Context<AppEnv>) => {
    setPageHeaders(c, { forms: true });
    return deps.privacy.addressOf(c.req.param('token') ?? '');
  };
  const invalid = (c: Context<AppEnv>) => c.html(invalidLinkPage(), 404);

  app.get(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    const email = await addressIn(c);
    if (!email) return invalid(c);
    const unsubscribed = await isUnsubscribed(deps.db, await deps.privacy.addressKey(email));
    const { privacyUrl } = await privacyLinks(deps, email);
    return c.html(unsubscribePage({ company, email, unsubscribed, privacyUrl }));
  });

  app.post(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    const email = await addressIn(c);
    if (!email) return invalid(c);
    const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    if (body['List-Unsubscribe'] !== 'One-Click') {
      return c.html(badRequestPage('Para darte de baja, usa el botón de la página de baja.'), 400);
    }
    const cancelled = await recordUnsubscribe(deps.db, await deps.privacy.addressKey(email), email);
    deps.log.info('unsubscribed', { reqId: c.get('requestId'), cancelledMessages: cancelled });
    const { privacyUrl } = await privacyLinks(deps, email);
    return c.html(unsubscribedPage({ company, email, privacyUrl }));
  });

  app.get(`${PRIVACY_PATH}/:token`, async (c) => {
    const email = await addressIn(c);
    if (!email) return invalid(c);
    const data = await storedData(deps.db, email, await deps.privacy.addressKey(email));
    const { unsubscribeUrl } = await privacyLinks(deps, email);
    return c.html(privacyPage({ company, data, unsubscribeUrl }));
  });

  app.post(`${PRIVACY_PATH}/:token`, async (c) => {
    const email = await addressIn(c);
    if (!email) return invalid(c);
    if (!fromOwnPage(c, deps.config.PUBLIC_URL)) return c.html(badRequestPage('Esta solicitud viene de otro sitio: abre el enlace de tu correo y pulsa el botón.'), 403);
    const erased = await eraseAddress(deps.db, email);
    const platformAsked = deps.nudgePlatformErasures();
    const unsubscribed = await isUnsubscribed(deps.db, await deps.privacy.addressKey(email));
    deps.log.info('address erased', { reqId: c.get('requestId'), via: 'privacy page', ...erased });
    return c.html(erasedPage({ company, email, erased, unsubscribed, platformAsked }));
  });

  return app;
}
