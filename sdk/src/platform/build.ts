// Turns a route table into methods. Each route is compiled once per client.
import { iteratePages } from './paginate.js';
import { isRoute, type Route, type RouteTable } from './route.js';

export interface RouteInfo {
  /** Dotted method name, e.g. `testSuites.tests.update`. */
  name: string;
  method: Route['method'];
  /** A concrete template: optional segments are expanded into one entry with and one without. */
  path: string;
  kind: Route['kind'];
  auth: boolean;
}

/**
 * Every route of a table, one entry per verb and path (a `{name?}` segment gives two). Iterators
 * (`iterate`) are left out: they send their list route's request.
 */
export function listRoutes(table: RouteTable, prefix = ''): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const [key, value] of Object.entries(table)) {
    const name = prefix + key;
    if (!isRoute(value)) {
      out.push(...listRoutes(value, `${name}.`));
      continue;
    }
    if (value.pages) continue;
    const { method, path, kind, auth } = value;
    const optional = /\/\{(\w+)\?\}$/.exec(path);
    if (optional) {
      out.push({ name, method, path: path.replace('?}', '}'), kind, auth });
      out.push({ name, method, path: path.slice(0, optional.index), kind, auth });
    } else {
      out.push({ name, method, path, kind, auth });
    }
  }
  return out;
}

/** Builds the method tree: `invoke(route, args)` does the work. */
export function buildMethods<T extends RouteTable>(
  table: T,
  invoke: (route: Route, args: unknown[]) => Promise<unknown>,
): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table)) {
    if (!isRoute(value)) out[key] = buildMethods(value, invoke);
    else if (value.pages) out[key] = (...args: unknown[]) => iteratePages(value, args, (page) => invoke(value, page));
    else out[key] = (...args: unknown[]) => invoke(value, args);
  }
  return out;
}
