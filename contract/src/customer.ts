import { z } from 'zod';
import { email, optionalText, text } from './primitives';

/**
 * Honeypot: the lead form renders an input named `website` that people never see
 * (visually hidden, `tabindex="-1"`, `autocomplete="off"`, `aria-hidden="true"`) and always
 * sends it empty. Bots fill every field; when it is filled the server answers as if it had
 * saved the lead (a well-formed but fake id) and stores nothing.
 */
export const honeypot = z.union([text(500), z.null()]).optional();
export const HONEYPOT_FIELD = 'website' as const;

export const customerCreateInput = z.object({
  email,
  name: optionalText(200),
  cargo: optionalText(200),
  company: optionalText(200),
  pag_web: optionalText(500),
  website: honeypot,
});

export const customerUpsertInput = z.object({
  email,
  name: optionalText(200),
  cargo: optionalText(200),
  company: optionalText(200),
  website: honeypot,
});

export type CustomerCreateInput = z.input<typeof customerCreateInput>;
export type CustomerUpsertInput = z.input<typeof customerUpsertInput>;
