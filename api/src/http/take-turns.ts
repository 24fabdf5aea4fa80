// Starts each request's handling in a turn of the event loop of its own, first come, first served.
//
// better-sqlite3 answers synchronously, so most of a request's work (routing, queries, rendering)
// runs as one macrotask plus its microtasks. When many sockets are readable at once, Node runs the
// handlers of all of them in the same turn and only then polls again, and the poll is where new
// connections are accepted: under a burst of arrivals a visitor's connection waited in the accept
// queue for whole batches of other visitors' requests, seconds in all. Handing out one start per
// turn puts a poll between every two requests, so a newcomer waits for about one request, not a
// batch, and the requests already read are served in the order they arrived.
import type { MiddlewareHandler } from 'hono';

/** The `takeTurns` middleware: every request waits for its turn, then runs as before. */
export function takeTurns(): MiddlewareHandler {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  // An immediate queued from inside an immediate runs in the next turn, after that turn's poll.
  const startNext = (): void => {
    const start = waiting.shift();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(startNext);
    start?.();
  };
  return async function takeTurns(_c, next) {
    await new Promise<void>((start) => {
      waiting.push(start);
      if (!scheduled) {
        scheduled = true;
        setImmediate(startNext);
      }
    });
    await next();
  };
}
