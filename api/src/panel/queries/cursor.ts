// The keyset cursor of the panel's lists (leads, audit): the last row's time and id, opaque to the
// client (base64url), and compared as a row value so both databases seek straight to it.

export interface Cursor {
  at: string;
  id: string;
}

/** A page's last row as the cursor of the next. */
export const encodeCursor = (row: Cursor): string => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');

/** A cursor back to its row; null when it is not one this server gave. */
export function decodeCursor(cursor: string): Cursor | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) return { at: v[0], id: v[1] };
  } catch {
    // not ours
  }
  return null;
}

/** A page asked for by a cursor this server did not give. */
export class BadCursorError extends Error {}
