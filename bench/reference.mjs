// @vapi-ai/web, the peer of the web-call benchmarks, with @daily-co/daily-js replaced in the
// require cache by a call-object factory of the benchmark's choosing (fake or simulated).
import { createRequire } from 'node:module';

/** Loads `@vapi-ai/web`; each call object it creates comes from `createCallObject()`. */
export function loadReference(createCallObject) {
  const require = createRequire(import.meta.url);
  const requireFromVapi = createRequire(require.resolve('@vapi-ai/web'));
  const dailyPath = requireFromVapi.resolve('@daily-co/daily-js');
  requireFromVapi.cache[dailyPath] = {
    id: dailyPath,
    filename: dailyPath,
    loaded: true,
    exports: { __esModule: true, default: { createCallObject: (o) => createCallObject(o) } },
    children: [],
    paths: [],
  };
  return { Vapi: require('@vapi-ai/web').default, version: require('@vapi-ai/web/package.json').version };
}
