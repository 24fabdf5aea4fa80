import { httpStatusOf, messageOf } from '../rpc';

/** Where the server shows the sign-in form to a browser without a session. */
export const SIGN_IN_PATH = '/panel';

/**
 * A failed call's message for the owner. A 401 means the session is over (expired, signed out in
 * another tab, or the address removed): the page goes back to the sign-in form.
 */
export function failure(err: unknown, leave: (path: string) => void = (p) => window.location.assign(p)): string {
  if (httpStatusOf(err) === 401) leave(SIGN_IN_PATH);
  return messageOf(err);
}
