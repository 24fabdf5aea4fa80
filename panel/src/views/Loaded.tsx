import type { ReactNode } from 'react';
import type { Load } from '../load';
import { dataOf } from '../load';
import { useMessages } from '../store/locale';

/**
 * Renders a load: a busy line while the first load runs, the error with a retry button, and the
 * data (kept on screen during a refresh, and beside a failed refresh's error).
 */
export function Loaded<T>({ load, retry, children }: { load: Load<T>; retry: () => void; children: (data: T) => ReactNode }) {
  const t = useMessages();
  const data = dataOf(load);
  return (
    <>
      {load.status === 'loading' || load.status === 'idle' ? (
        <p className="muted" role="status">
          {t.loading}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <div className="error" role="alert">
          <span>
            {t.loadFailed}
            {load.error}
          </span>{' '}
          <button type="button" onClick={retry}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {data !== undefined ? children(data) : null}
    </>
  );
}
