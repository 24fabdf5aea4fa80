import { z } from 'zod';
import { capabilityToken, id, optionalText, text } from './primitives';

export const CALL_STATUSES = ['completada', 'enviada'] as const;

export const callsCreateWithVerificationInput = z.object({
  /** 'propuesta-' plus a timestamp, as the widget sends it. */
  transaction: text(100).pipe(z.string().trim().min(1, 'Obligatorio')),
  customer_id: id,
  vapi_call_id: id.nullish(),
  /** The token vapi_call.create returned: required with vapi_call_id, so only its creator links a conversation. */
  vapi_call_token: capabilityToken.nullish(),
  status: z.enum(CALL_STATUSES),
  summary: optionalText(20_000),
});

export type CallsCreateWithVerificationInput = z.input<typeof callsCreateWithVerificationInput>;
