import { Hono } from 'hono';
import type { Deps } from '../deps';
import { setPageHeaders } from './headers';
import { PROPOSAL_CSS, PROPOSAL_CSS_PATH, renderNotFoundPage, renderProposalPage } from './proposal';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function pageRoutes(deps: Deps) {
  const app = new Hono();

  app.get(PROPOSAL_CSS_PATH, (c) =>
    c.body(PROPOSAL_CSS, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    }),
  );

  app.get('/propuesta/:callId', async (c) => {
    setPageHeaders(c);
    const callId = c.req.param('callId');
    const row = UUID_RE.test(callId)
      ? await deps.db.kysely
          .selectFrom('pdf')
          .select(['content', 'expires_at'])
          .where('call_id', '=', callId.toLowerCase())
          .executeTakeFirst()
      : undefined;
    if (!row || row.expires_at <= new Date().toISOString()) return c.html(renderNotFoundPage(), 404);
    return c.html(renderProposalPage(row.content, { title: 'Tu propuesta personalizada' }));
  });

  return app;
}
