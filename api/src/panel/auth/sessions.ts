// An owner's session: a random id in an HttpOnly cookie, only its sha256 in the database. It ends
// after SESSION_IDLE_MS without a request, SESSION_MAX_MS after sign-in, on 'Cerrar sesión', and
// as soon as its address is no longer in OWNER_EMAILS.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { hashToken, isTokenShaped, newToken } from '../../ids';
import { isOwner } from './owners';

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** The idle clock is written at most this often, so a busy panel does not write on every read. */
const TOUCH_EVERY_MS = 60_000;

/** The cookie's name: `__Host-` (Secure, whole site, no Domain) when the server is reached over https. */
export const sessionCookieName = (publicUrl: string): string => (isHttps(publicUrl) ? '__Host-helena_panel' : 'helena_panel');
const isHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/** A new session for `email`; its id is the cookie's value and is stored nowhere else. */
export async function createOwnerSession(db: Db, email: string, now = Date.now()): Promise<string> {
  const id = newToken();
  const at = new Date(now).toISOString();
  await db.kysely.insertInto('owner_session').values({ id_hash: hashToken(id), email, created_at: at, last_seen_at: at }).execute();
  return id;
}

/** Whose session `id` is, if it is alive and its owner still is one; a dead one is deleted on sight. */
export async function ownerOfSession(db: Db, config: Pick<Config, 'OWNER_EMAILS'>, id: string, now = Date.now()): Promise<string | null> {
  if (!isTokenShaped(id)) return null;
  const idHash = hashToken(id);
  const row = await db.kysely.selectFrom('owner_session').select(['email', 'created_at', 'last_seen_at']).where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return null;
  const alive = Date.parse(row.last_seen_at) > now - SESSION_IDLE_MS && Date.parse(row.created_at) > now - SESSION_MAX_MS && isOwner(config, row.email);
  if (!alive) {
    await db.kysely.deleteFrom('owner_session').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (Date.parse(row.last_seen_at) < now - TOUCH_EVERY_MS) {
    await db.kysely.updateTable('owner_session').set({ last_seen_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).execute();
  }
  return row.email;
}

/** Ends the session `id` on the server (the cookie alone would outlive it otherwise). */
export async function endOwnerSession(db: Db, id: string): Promise<void> {
  if (isTokenShaped(id)) await db.kysely.deleteFrom('owner_session').where('id_hash', '=', hashToken(id)).execute();
}

/** The session id the request's cookie carries, if any. */
export const sessionIdOf = (c: Context, publicUrl: string): string | undefined => getCookie(c, sessionCookieName(publicUrl));

/** Hands the browser its session cookie: HttpOnly, SameSite=Lax, Secure and `__Host-` over https. */
export function setSessionCookie(c: Context, publicUrl: string, id: string): void {
  setCookie(c, sessionCookieName(publicUrl), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(publicUrl),
    maxAge: SESSION_MAX_MS / 1000,
  });
}

export function clearSessionCookie(c: Context, publicUrl: string): void {
  deleteCookie(c, sessionCookieName(publicUrl), { path: '/', secure: isHttps(publicUrl) });
}
