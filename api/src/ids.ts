import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { v7 } from 'uuid';

/** Row ids: UUIDv7 (time-ordered, 74 random bits: unguessable). */
export const newId = (): string => v7();

/** A bearer capability: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Whether `s` has newToken()'s shape: anything else is not ours and needs no lookup. */
export const isTokenShaped = (s: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(s);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
