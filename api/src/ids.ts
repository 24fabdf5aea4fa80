import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { v7 } from 'uuid';

/** Row ids: UUIDv7 (time-ordered, 74 random bits: unguessable). */
export const newId = (): string => v7();

/** A bearer capability: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
