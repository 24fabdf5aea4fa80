// The proposal's pages: /propuesta/{callId} (the document and its acceptance step),
// /propuesta/{callId}.pdf (the stored PDF) and POST /propuesta/{callId}/aceptar. The call id is a
// random UUID only its visitor was sent: the same rule opens the page and the PDF. Both are
// served from what was stored for the current version, never rendered per request.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/access-log';
import { requestBodyLimit } from '../http/body-limit';
import { fromOwnPage } from '../http/own-page';
import { rateLimit } from '../http/rate-limit';
import type { Deps } from '../deps';
import { acceptProposal, ACCEPT_NAME_MAX, ACCEPT_PROBLEMS, pageState } from '../proposal/acceptance';
import { findStoredProposal, type StoredProposal } from '../proposal/queries';
import { isVisitorView, recordFirstView } from '../proposal/first-view';
import { storedDocument } from '../proposal/document';
import { pdfFileName } from '../proposal/versions';
import { setPageHeaders } from './headers';
import { PROPOSAL_CSS, PROPOSAL_CSS_PATH, brandStylesheet, renderExpiredPage, renderNotFoundPage, renderProposalPage } from './proposal';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The acceptance form is two short fields. */
const FORM_LIMIT_BYTES = 8 * 1024;

const STYLESHEET_HEADERS = {
  'Content-Type': 'text/css; charset=utf-8',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function pageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const brand = brandStylesheet(deps.config.offer.company.color);

  app.get(PROPOSAL_CSS_PATH, (c) => c.body(PROPOSAL_CSS, 200, STYLESHEET_HEADERS));
  app.get(brand.path, (c) => c.body(brand.css, 200, STYLESHEET_HEADERS));

  const pageOpts = (row: StoredProposal) => ({ callId: row.call_id, hasPdf: !!row.pdf_file, brandCss: brand.path, locale: storedDocument(deps.db.parseJson(row.document))?.locale ?? 'es' });

  /** The stored proposal for the path's id when it may be shown: found, and accepted or not yet expired. */
  const proposalOf = async (id: string) => {
    if (!UUID_RE.test(id)) return { kind: 'missing' as const };
    const row = await findStoredProposal(deps.db, id.toLowerCase());
    if (!row) return { kind: 'missing' as const };
    if (!row.accepted_at && row.expires_at <= new Date().toISOString()) return { kind: 'expired' as const, row };
    return { kind: 'shown' as const, row };
  };
  const notShown = (c: Context<AppEnv>, found: Awaited<ReturnType<typeof proposalOf>>) =>
    found.kind === 'expired' ? c.html(renderExpiredPage(found.row.expires_at, pageOpts(found.row).locale), 404) : c.html(renderNotFoundPage(), 404);

  // One route for the page and its PDF, so both are one route template in the metrics.
  app.get('/propuesta/:callId', async (c) => {
    const file = c.req.param('callId');
    const isPdf = file.endsWith('.pdf');
    setPageHeaders(c);
    const found = await proposalOf(isPdf ? file.slice(0, -4) : file);
    if (found.kind !== 'shown') return notShown(c, found);
    const { row } = found;
    if (!row.first_viewed_at && isVisitorView(c)) await recordFirstView(deps, row.call_id);
    const doc = storedDocument(deps.db.parseJson(row.document));
    if (isPdf) {
      if (!row.pdf_file) return c.html(renderNotFoundPage(), 404);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `inline; filename="${doc ? pdfFileName(doc) : 'propuesta.pdf'}"`);
      c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
      return c.body(new Uint8Array(row.pdf_file), 200);
    }
    const state = pageState(row, doc);
    setPageHeaders(c, { forms: state.kind === 'open' });
    return c.html(renderProposalPage(row.content, state, pageOpts(row)));
  });

  app.use('/propuesta/:callId/aceptar', rateLimit(deps.limits), requestBodyLimit(FORM_LIMIT_BYTES));
  app.post('/propuesta/:callId/aceptar', async (c) => {
    setPageHeaders(c, { forms: true });
    const found = await proposalOf(c.req.param('callId'));
    if (found.kind !== 'shown') return notShown(c, found);
    const { row } = found;
    if (!fromOwnPage(c, deps.config.PUBLIC_URL)) {
      return c.html(renderProposalPage(row.content, { kind: 'open', callId: row.call_id, name: null, error: ACCEPT_PROBLEMS[pageOpts(row).locale].otherSite }, pageOpts(row)), 403);
    }
    const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const name = typeof body.name === 'string' ? body.name : '';
    const result = await acceptProposal(deps, row.call_id, { name, confirmed: body.confirm === '1' });
    if (result.status === 'invalid') {
      return c.html(renderProposalPage(row.content, { kind: 'open', callId: row.call_id, name: name.slice(0, ACCEPT_NAME_MAX), error: ACCEPT_PROBLEMS[pageOpts(row).locale][result.problem] }, pageOpts(row)), 400);
    }
    if (result.status === 'expired') return c.html(renderExpiredPage(row.expires_at, pageOpts(row).locale), 410);
    if (result.status === 'missing') return c.html(renderNotFoundPage(), 404);
    deps.log.info('proposal accepted', { reqId: c.get('requestId'), callId: row.call_id, already: result.status === 'already-accepted' });
    // Accepted now or before: either way the page now says so (POST/redirect/GET).
    return c.redirect(`/propuesta/${row.call_id}`, 303);
  });

  return app;
}
