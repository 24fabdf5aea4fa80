import { z } from 'zod';
import { capabilityToken, id, jsonObject, text } from './primitives';

export const VAPI_CALL_STATUSES = ['active', 'inactive'] as const;

/** The languages a visitor may talk, and be written to, in. */
export const VISITOR_LOCALES = ['es', 'en'] as const;
export const visitorLocale = z.enum(VISITOR_LOCALES);
/** A visitor's language. */
export type VisitorLocale = z.infer<typeof visitorLocale>;

const vapiId = text(200).pipe(z.string().trim().min(1, 'Obligatorio'));

export const vapiCallCreateInput = z.object({
  vapi_id: vapiId,
  initial_data: jsonObject.default({}),
  status: z.enum(VAPI_CALL_STATUSES),
  /** The visitor's language: their mails, proposal page and PDF are written in it (else the site's). */
  locale: visitorLocale.optional(),
});

export const vapiCallUpdateInput = z.object({
  id,
  /** The token returned by vapi_call.create; only its holder may update the row. */
  token: capabilityToken,
  status: z.enum(VAPI_CALL_STATUSES),
  initial_data: jsonObject.optional(),
});

export const vapiCallGetByVapiIdInput = z.object({ vapi_id: vapiId });

export type VapiCallCreateInput = z.input<typeof vapiCallCreateInput>;
export type VapiCallUpdateInput = z.input<typeof vapiCallUpdateInput>;
