// The panel's pages and downloads, mounted at /panel:
//   GET  /panel                  the app for a signed-in owner, else the sign-in form
//   POST /panel/enlace           asks for a sign-in link (same answer for every address)
//   GET  /panel/entrar/:token    the 'Entrar' page (a mail scanner's GET uses nothing up)
//   POST /panel/entrar/:token    redeems the link: session cookie, then the app
//   POST /panel/logout           ends the session on the server
//   GET  /panel/leads.csv        the filtered list (session)
//   GET  /panel/propuestas/:id/vN.pdf  a proposal version's PDF (session)
//   GET  /panel/assets/*         the app's hashed files
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { customerUpsertInput, panelLeadsListInput } from '@helena/contract';
import type { Deps } from '../deps';
import { nowIso } from '../db';
import type { AppEnv } from '../http/access-log';
import { requestBodyLimit } from '../http/body-limit';
import { fromOwnPage } from '../http/own-page';
import { rateLimit } from '../http/rate-limit';
import { serveStatic } from '../http/static';
import { setPageHeaders } from '../pages/headers';
import { normalizeAddress } from '../privacy/keys';
import { siteCsp } from '../site/csp';
import { SIGNIN_PATH, issueSigninToken, redeemSigninToken, signinTokenUsable } from './auth/links';
import { signinMail } from './auth/mail';
import { isOwner, panelEnabled } from './auth/owners';
import { clearSessionCookie, createOwnerSession, endOwnerSession, ownerOfSession, sessionIdOf, setSessionCookie } from './auth/sessions';
import { SIGNIN_REQUEST_PATH, enterPage, linkUnusablePage, refusedPage, signInPage } from './auth/views';
import { CSV_BOM, CSV_HEADER, csvCell, csvRow } from './csv';
import { recordAudit } from './queries/audit';
import { versionPdf } from './queries/lead';
import { cursorOf, leadRows, toLeadRow } from './queries/leads';

export const PANEL_PATH = '/panel';
/** The built app: panel/dist of this repository, unless PANEL_DIR says otherwise. */
export const PANEL_DIR = process.env.PANEL_DIR ?? fileURLToPath(new URL('../../../panel/dist', import.meta.url));
export const LOGOUT_PATH = '/panel/logout';
const FORM_LIMIT_BYTES = 8 * 1024;
const CSV_BATCH = 1000;

/** One mail sent now, not through the outbox (see auth/mail.ts). */
export type SendDirect = (mail: { to: string; from: string; subject: string; html: string; text: string }) => Promise<void>;

export interface PanelRouteOptions {
  /** The built app (default PANEL_DIR); without an index.html the panel says how to build it. */
  appDir?: string;
  sendDirect?: SendDirect;
}

export function panelRoutes(deps: Deps, opts: PanelRouteOptions) {
  const { config, db, log } = deps;
  const company = config.COMPANY_NAME;
  const app = new Hono<AppEnv>();
  if (!panelEnabled(config)) return app;
  const appDir = opts.appDir ?? PANEL_DIR;

  app.use(`${PANEL_PATH}/*`, rateLimit(deps.limits));
  app.use(`${PANEL_PATH}/*`, requestBodyLimit(FORM_LIMIT_BYTES));
  app.use(`${PANEL_PATH}/assets/*`, serveStatic({ prefix: `${PANEL_PATH}/assets`, dir: join(appDir, 'assets') }));

  const owner = async (c: Context<AppEnv>) => {
    const id = sessionIdOf(c, config.PUBLIC_URL);
    return id ? ownerOfSession(db, config, id) : null;
  };
  const page = (c: Context<AppEnv>, body: string, status: 200 | 400 | 403 | 404 | 410 | 429 = 200) => {
    setPageHeaders(c, { forms: true });
    return c.html(body, status);
  };
  const refusedFromElsewhere = (c: Context<AppEnv>) => page(c, refusedPage({ company, message: 'Esta solicitud viene de otro sitio. Abre el panel desde su dirección y vuelve a intentarlo.' }), 403);

  app.get(PANEL_PATH, async (c) => {
    if (!(await owner(c))) return page(c, signInPage({ company }));
    const index = await readFile(join(appDir, 'index.html'), 'utf8').catch(() => null);
    if (!index) return page(c, refusedPage({ company, message: 'El panel no está compilado: ejecuta npm run build.' }), 404);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', siteCsp({ platform: false }));
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(index);
  });
  app.get(`${PANEL_PATH}/`, (c) => c.redirect(PANEL_PATH, 301));

  app.post(SIGNIN_REQUEST_PATH, async (c) => {
    if (!fromOwnPage(c, config.PUBLIC_URL)) return refusedFromElsewhere(c);
    // `all`: a repeated field arrives as a list and is refused, rather than the last one winning.
    const body: Record<string, unknown> = await c.req.parseBody({ all: true }).catch(() => ({}));
    const typed = typeof body.email === 'string' ? body.email : '';
    const parsed = customerUpsertInput.shape.email.safeParse(typed);
    if (!parsed.success) return page(c, signInPage({ company, error: 'Escribe una dirección de correo válida, como nombre@empresa.com.', email: typed.slice(0, 254) }), 400);
    const email = normalizeAddress(parsed.data);
    // Counted for every address alike, so a refusal says nothing about who has access.
    for (const [cls, key] of [['signinIp', c.get('ip')], ['signinAddress', email]] as const) {
      const verdict = await deps.limits.consume(cls, key);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        return page(c, signInPage({ company, error: `Demasiadas solicitudes. Espera ${Math.ceil(verdict.retryAfterSeconds / 60)} min y vuelve a intentarlo.`, email }), 429);
      }
    }
    if (isOwner(config, email)) {
      const token = await issueSigninToken(db, email);
      const mail = signinMail({ company, link: `${config.PUBLIC_URL}${SIGNIN_PATH}/${token}` });
      // Not awaited: an owner's answer takes as long as anyone's, so its timing tells nothing either.
      const send = opts.sendDirect ? opts.sendDirect({ to: email, from: config.MAIL_FROM, ...mail }) : Promise.reject(new Error('no mail transport'));
      send.catch((err: unknown) => log.warn('sign-in mail not sent', { reqId: c.get('requestId'), err: String((err as Error)?.message ?? err) }));
    }
    return page(c, signInPage({ company, sent: true }));
  });

  app.get(`${SIGNIN_PATH}/:token`, async (c) => {
    const usable = await signinTokenUsable(db, c.req.param('token'));
    return usable ? page(c, enterPage({ company, token: c.req.param('token') })) : page(c, linkUnusablePage({ company }), 410);
  });

  app.post(`${SIGNIN_PATH}/:token`, async (c) => {
    if (!fromOwnPage(c, config.PUBLIC_URL)) return refusedFromElsewhere(c);
    const email = await redeemSigninToken(db, c.req.param('token'));
    if (!email || !isOwner(config, email)) return page(c, linkUnusablePage({ company }), 410);
    const previous = sessionIdOf(c, config.PUBLIC_URL);
    if (previous) await endOwnerSession(db, previous);
    setSessionCookie(c, config.PUBLIC_URL, await createOwnerSession(db, email));
    log.info('owner signed in', { reqId: c.get('requestId') });
    return c.redirect(PANEL_PATH, 303);
  });

  app.post(LOGOUT_PATH, async (c) => {
    if (!fromOwnPage(c, config.PUBLIC_URL)) return refusedFromElsewhere(c);
    const id = sessionIdOf(c, config.PUBLIC_URL);
    if (id) await endOwnerSession(db, id);
    clearSessionCookie(c, config.PUBLIC_URL);
    return c.redirect(PANEL_PATH, 303);
  });

  app.get(`${PANEL_PATH}/leads.csv`, async (c) => {
    const who = await owner(c);
    if (!who) return c.text('Inicia sesión en el panel para descargar la lista.', 401, { 'Cache-Control': 'no-store' });
    const q = c.req.query();
    const parsed = panelLeadsListInput.safeParse({ search: q.search || undefined, state: q.state || undefined, from: q.from || undefined, to: q.to || undefined });
    if (!parsed.success) return c.text(`Filtro no válido: ${parsed.error.issues[0]!.message}`, 400, { 'Cache-Control': 'no-store' });
    const now = nowIso();
    await recordAudit(db.kysely, { actor: who, action: 'csv', leadId: null, at: now });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="contactos-${now.slice(0, 10)}.csv"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      await out.write(CSV_BOM + CSV_HEADER.map(csvCell).join(',') + '\r\n');
      let cursor: string | undefined;
      for (;;) {
        const rows = await leadRows(db, parsed.data, { cursor, limit: CSV_BATCH, now }).execute();
        const leads = rows.map((r) => toLeadRow(db, r));
        if (leads.length) await out.write(leads.map(csvRow).join(''));
        if (rows.length < CSV_BATCH) break;
        cursor = cursorOf(leads.at(-1)!);
      }
    });
  });

  app.get(`${PANEL_PATH}/propuestas/:id/:file{v[0-9]{1,6}\\.pdf}`, async (c) => {
    if (!(await owner(c))) return c.text('Inicia sesión en el panel para ver la propuesta.', 401, { 'Cache-Control': 'no-store' });
    const pdf = await versionPdf(db, c.req.param('id'), Number(c.req.param('file').slice(1, -4)));
    if (!pdf) return c.text('Esa versión no tiene PDF.', 404, { 'Cache-Control': 'no-store' });
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Cache-Control': 'private, no-store', 'Content-Disposition': 'inline' });
  });

  return app;
}
