// Stands in for the official SDK's `src/core` in its mock server (see
// sdk/scripts/server-sdk-wire.mjs), which uses only `url.join` from it.

/** Joins a base URL and path segments with one slash between each, keeping a final slash. */
function join(base: string, ...segments: string[]): string {
  const pieces = segments.map((segment) => segment.replace(/^\/+|\/+$/g, '')).filter(Boolean);
  if (!base || pieces.length === 0) return base;
  const trailing = segments.at(-1)?.endsWith('/') ? '/' : '';
  return `${[base.replace(/\/+$/, ''), ...pieces].join('/')}${trailing}`;
}

export const url = { join };
