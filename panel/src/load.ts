/**
 * The one state machine every view's data goes through. A view starts `idle`; `start` loads it
 * (first time: `loading`; with data on screen: a refresh that keeps the data shown); `done` and
 * `fail` end a load. A failed refresh keeps the last good data beside the error, so a poll that
 * fails once does not empty the screen.
 */
export type Load<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T; refreshing: boolean }
  | { status: 'error'; error: string; data?: T };

/** What can happen to a load. */
export type LoadEvent<T> = { type: 'start' } | { type: 'done'; data: T } | { type: 'fail'; error: string };

/** The machine's transition function. */
export function nextLoad<T>(state: Load<T>, event: LoadEvent<T>): Load<T> {
  switch (event.type) {
    case 'start': {
      const data = dataOf(state);
      return data === undefined ? { status: 'loading' } : { status: 'ready', data, refreshing: true };
    }
    case 'done':
      return { status: 'ready', data: event.data, refreshing: false };
    case 'fail': {
      const data = dataOf(state);
      return data === undefined ? { status: 'error', error: event.error } : { status: 'error', error: event.error, data };
    }
  }
}

/** The data a state shows, if any. */
export function dataOf<T>(state: Load<T>): T | undefined {
  return state.status === 'ready' || state.status === 'error' ? state.data : undefined;
}

/** The first state of every load. */
export const IDLE = { status: 'idle' } as const;
