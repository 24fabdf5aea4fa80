/**
 * The panel's tRPC client: `/api/trpc` on the panel's own origin (the session cookie goes with
 * every request), httpLink because the server refuses batches, no transformer. Types come from
 * the server's contract, type-only.
 */
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter, LeadRouterInputs, LeadRouterOutputs } from '@helena/contract';

/** Every `panel.*` answer, inferred from the contract. */
export type PanelOutputs = LeadRouterOutputs['panel'];
/** Every `panel.*` input, inferred from the contract. */
export type PanelInputs = LeadRouterInputs['panel'];

/** The client every store action uses. */
export const rpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/api/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
}).panel;

/** The HTTP status of a failed call, when the server answered. */
export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) {
    const status = (err.data as { httpStatus?: unknown } | undefined)?.httpStatus ?? (err.meta?.response as Response | undefined)?.status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** The server's message for a failed call (it says what went wrong in the owner's terms). */
export function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}
