/** The panel's views, addressed by the URL's hash so the server serves one page for all of them. */
export type Route =
  | { view: 'leads' }
  | { view: 'lead'; id: string }
  | { view: 'funnel' }
  | { view: 'catalogue' }
  | { view: 'audit' };

const SIMPLE = new Set(['leads', 'funnel', 'catalogue', 'audit'] as const);

/** The route a hash (`#/lead/abc`) names; anything unknown is the leads list. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const [head, id] = parts;
  if (head === 'lead' && id && parts.length === 2) return { view: 'lead', id: decodeURIComponent(id) };
  if (head && parts.length === 1 && (SIMPLE as Set<string>).has(head)) return { view: head as 'leads' | 'funnel' | 'catalogue' | 'audit' };
  return { view: 'leads' };
}

/** The hash of a route, for links. */
export function routeHref(route: Route): string {
  return route.view === 'lead' ? `#/lead/${encodeURIComponent(route.id)}` : `#/${route.view}`;
}
