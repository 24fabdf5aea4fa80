// The demo site and the widget bundle: static files, plus the home page with the element's
// attributes filled from the configuration (and from its settings form's query), all under the
// site's CSP.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { escapeHtml } from '../html/escape';
import { serveStatic } from '../http/static';
import { siteCsp } from './csp';
import { settingsOffered, settingsSchema, withSettings } from './demo-settings';

export interface SiteOptions {
  /** demo-site/ */
  siteDir: string;
  /** widget/dist/ */
  widgetDir: string;
  /** With a public key the element talks to the real platform; without, the demo's simulator. */
  vapiPublicKey?: string;
  /** The assistant the element starts (the real one, or the demo simulator's). */
  vapiAssistantId?: string;
}

const ELEMENT_RE = /<helena-assistant\b([^>]*)>/;

/**
 * Adds the platform key and the assistant to the page's `<helena-assistant>` when they are
 * configured (in demo mode, the simulator's assistant alone).
 */
export function withPlatformAttributes(page: string, opts: Pick<SiteOptions, 'vapiPublicKey' | 'vapiAssistantId'>): string {
  if (!opts.vapiPublicKey && !opts.vapiAssistantId) return page;
  const extra =
    (opts.vapiPublicKey ? ` public-key="${escapeHtml(opts.vapiPublicKey)}"` : '') +
    (opts.vapiAssistantId ? ` assistant-id="${escapeHtml(opts.vapiAssistantId)}"` : '');
  return page.replace(ELEMENT_RE, (_m, attrs: string) => `<helena-assistant${attrs}${extra}>`);
}

/** A Hono app for `/`: the home page, the site's assets and the widget's loader and chunks. */
export function createSiteApp(opts: SiteOptions): Hono {
  const app = new Hono();
  const csp = siteCsp({ platform: !!opts.vapiPublicKey });
  let home: Promise<{ page: string; settings: ReturnType<typeof settingsSchema> }> | undefined;
  const loadHome = () =>
    (home ??= readFile(join(opts.siteDir, 'index.html'), 'utf8').then((page) => ({
      page: withPlatformAttributes(page, opts),
      settings: settingsSchema(settingsOffered(page)),
    })));
  /** The home page, with the settings its query picks (the demo's settings form). */
  const renderHome = async (query: Record<string, string>) => {
    const { page, settings } = await loadHome();
    return withSettings(page, settings.parse(query));
  };

  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.res.headers.set('Content-Security-Policy', csp);
  });
  app.get('/', async (c) => c.html(await renderHome(c.req.query()), 200, { 'Cache-Control': 'no-cache' }));
  app.get('/index.html', (c) => c.redirect('/', 301));
  app.use('*', serveStatic({ prefix: '/', dir: opts.widgetDir }));
  app.use('*', serveStatic({ prefix: '/', dir: opts.siteDir }));
  return app;
}
