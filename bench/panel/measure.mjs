// Timing helpers for bench/panel: sequential requests (one owner clicking, not a load test), so a
// figure is one request's latency with nothing queued in front of it.

export const WARM_UP = 10;
export const SAMPLES = 60;

/** The `p`th percentile (nearest rank) of `xs`. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** Runs `fn` WARM_UP times unmeasured, then SAMPLES times: p50 and p95 in ms. */
export async function timeIt(fn) {
  for (let i = 0; i < WARM_UP; i++) await fn();
  const ms = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { p50: pct(ms, 50), p95: pct(ms, 95), n: ms.length };
}

/** A GET of a tRPC query with the owner's cookie; throws unless it answered 200 with data. */
export function trpcGetter(base, cookie) {
  return async (path, input) => {
    const res = await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
    const body = await res.json().catch(() => null);
    if (res.status !== 200 || !body?.result) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.result.data;
  };
}
