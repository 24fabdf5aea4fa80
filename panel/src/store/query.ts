import { create } from 'zustand';
import { IDLE, nextLoad, type Load } from '../load';
import { failure } from './session';

/** A store for one query: its last input, its load state, and `run` to (re)load it. */
export interface QueryStore<I, O> {
  input: I | null;
  load: Load<O>;
  /** Loads for `input`; only the latest run's answer is kept. */
  run: (input: I) => Promise<void>;
  /** Loads again for the last input (nothing before the first run). */
  again: () => Promise<void>;
}

/** A query store over `fetcher` (a tRPC query or mutation that only reads). */
export function queryStore<I, O>(fetcher: (input: I) => Promise<O>) {
  let latest = 0;
  return create<QueryStore<I, O>>((set, get) => ({
    input: null,
    load: IDLE,
    run: async (input) => {
      const seq = ++latest;
      set((s) => ({ input, load: nextLoad(s.load, { type: 'start' }) }));
      try {
        const data = await fetcher(input);
        if (seq === latest) set((s) => ({ load: nextLoad(s.load, { type: 'done', data }) }));
      } catch (err) {
        if (seq === latest) set((s) => ({ load: nextLoad(s.load, { type: 'fail', error: failure(err) }) }));
      }
    },
    again: async () => {
      const input = get().input;
      if (input !== null) await get().run(input);
    },
  }));
}
