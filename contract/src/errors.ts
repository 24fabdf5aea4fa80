// How every tRPC error reaches a client. It lives in the contract because the error's shape is
// part of what the widget reads (the Spanish summary and the per-field issues).
import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

/** One invalid input field, as listed in an error's `data.issues`. */
export interface InputIssue {
  path: string;
  message: string;
}

/** The error shape every procedure answers with. */
export type LeadErrorShape = TRPCDefaultErrorShape & { data: TRPCDefaultErrorShape['data'] & { issues?: InputIssue[] } };

/**
 * The server's `errorFormatter`: input errors summarised in Spanish with their paths, internal
 * errors without their message (it could carry SQL or a stack).
 */
export function formatLeadError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): LeadErrorShape {
  const cause = error.cause;
  if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    const issues = cause.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }));
    return {
      ...shape,
      message: 'Datos no válidos: ' + issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
      data: { ...shape.data, issues },
    };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: 'Error interno del servidor' };
  return shape;
}
