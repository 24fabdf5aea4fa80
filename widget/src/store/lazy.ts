/** A value loaded at first use and kept. */
export interface Lazy<T> {
  (): Promise<T>;
  /** The load under way or done, or null before the first use (and after a failed load). */
  current: Promise<T> | null;
}

/** Loads at the first call and keeps it; a failed load is forgotten, so the next call tries again. */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  const use = (() => {
    if (!use.current) {
      const loading = (use.current = load());
      loading.catch(() => {
        if (use.current === loading) use.current = null;
      });
    }
    return use.current;
  }) as Lazy<T>;
  use.current = null;
  return use;
}
