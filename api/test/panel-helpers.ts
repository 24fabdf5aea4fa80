// Signing in to the panel as an owner does it: the form, the mail in the sink, its link, 'Entrar'.
import { expect } from 'vitest';
import { waitFor, type SinkServer } from './helpers';

export const OWNER = 'duena@nexia.example';
export const SIGNIN_SUBJECT = /^Tu enlace para entrar al panel de /;

/** A form POST from the server's own page (the Origin a browser sends). */
export function postForm(base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The link of the newest sign-in mail to `to` after `before` mails, as a path on `base`. */
export async function signinLink(sink: SinkServer, to: string, before: number): Promise<string> {
  // Polled without expect.poll, so a suite's beforeAll can sign in too.
  return waitFor(() => {
    const mails = sink.sink.messages.filter((m) => m.to === to && SIGNIN_SUBJECT.test(m.subject));
    return mails.length > before ? (/href="[^"]*?(\/panel\/entrar\/[^"]+)"/.exec(mails.at(-1)!.html)?.[1] ?? '') : '';
  }, 15_000);
}

export const signinMailsTo = (sink: SinkServer, to: string) => sink.sink.messages.filter((m) => m.to === to && SIGNIN_SUBJECT.test(m.subject)).length;

/** The `name=value` of a response's session cookie, or ''. */
export const sessionCookieIn = (res: Response): string => /^((?:__Host-)?helena_panel=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';

/** Signs `email` in through the form and its mail; answers the Cookie header value. */
export async function signIn(base: string, sink: SinkServer, email = OWNER): Promise<string> {
  const before = signinMailsTo(sink, email);
  const asked = await postForm(base, '/panel/enlace', { email });
  expect(asked.status).toBe(200);
  const link = await signinLink(sink, email, before);
  const entered = await postForm(base, link, {});
  expect(entered.status).toBe(303);
  const cookie = sessionCookieIn(entered);
  expect(cookie).not.toBe('');
  return cookie;
}

/** A panel procedure over HTTP with the owner's cookie (and, for a mutation, this server's Origin). */
export async function panelRpc(base: string, cookie: string, path: string, input?: unknown, opts: { mutation?: boolean; origin?: string } = {}) {
  const headers: Record<string, string> = { cookie, 'content-type': 'application/json' };
  if (opts.mutation) headers.origin = opts.origin ?? base;
  const res = opts.mutation
    ? await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input ?? {}) })
    : await fetch(`${base}/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers });
  const body = (await res.json().catch(() => null)) as { result?: { data: any }; error?: { message: string; data?: { code: string } } } | null;
  return { status: res.status, data: body?.result?.data, error: body?.error };
}
