// The sign-in link's secret: 256 random bits in the mail, only its sha256 in the database. It
// opens one session, once, within SIGNIN_LINK_TTL_MS. Showing the 'Entrar' page does not use it,
// so a mail scanner's GET leaves it working; only the page's POST redeems it.
import { nowIso, type Db } from '../../db';
import { hashToken, isTokenShaped, newToken } from '../../ids';

export const SIGNIN_LINK_TTL_MS = 15 * 60 * 1000;
/** Where a sign-in link points: the token is a path segment the access log hides. */
export const SIGNIN_PATH = '/panel/entrar';

/** A fresh link's token for `email`; spent and expired tokens older than a day go on the way. */
export async function issueSigninToken(db: Db, email: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.kysely.deleteFrom('owner_signin_token').where('expires_at', '<', new Date(now - 24 * 3600_000).toISOString()).execute();
  await db.kysely
    .insertInto('owner_signin_token')
    .values({ token_hash: hashToken(token), email, created_at: new Date(now).toISOString(), expires_at: new Date(now + SIGNIN_LINK_TTL_MS).toISOString(), used_at: null })
    .execute();
  return token;
}

/** Whether `token` would still sign someone in (unused, unexpired); it is not used up by asking. */
export async function signinTokenUsable(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const row = await db.kysely
    .selectFrom('owner_signin_token')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return !!row;
}

/**
 * Uses `token` up and answers whose it was; null when it is unknown, spent or expired. One
 * conditional update: two tabs posting the same link at once get one session between them.
 */
export async function redeemSigninToken(db: Db, token: string, now = Date.now()): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db.kysely
    .updateTable('owner_signin_token')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}
