import { z } from 'zod';
import { capabilityToken, id, jsonObject, text } from './primitives';

export const VAPI_CALL_STATUSES = ['active', 'inactive'] as const;

const vapiId = text(200).pipe(z.string().trim().min(1, 'Obligatorio'));

export const vapiCallCreateInput = z.object({
  vapi_id: vapiId,
  initial_data: jsonObject.default({}),
  status: z.enum(VAPI_CALL_STATUSES),
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
