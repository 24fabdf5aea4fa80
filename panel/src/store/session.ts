import { httpStatusOf, messageOf } from '../rpc';
import { messages } from './locale';

/** Where the server shows the sign-in form to a browser without a session. */
export const SIGN_IN_PATH = '/panel';

/**
 * A failed call's message for the owner. A 401 means the session is over (expired, signed out in
 * another tab, or the address removed): the page goes back to the sign-in form.
 */
export function failure(err: unknown, leave: (path: string) => void = (p) => window.location.assign(p)): string {
  const status = httpStatusOf(err);
  if (status === 401) leave(SIGN_IN_PATH);
  // The server words its refusals in Spanish; the ones the owner can meet are said here in the
  // panel's language. A 400 keeps the server's own words: they name the field that is wrong.
  const said = status === undefined ? undefined : messages().httpErrors[status];
  return said ?? messageOf(err);
}
