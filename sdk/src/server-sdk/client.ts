import { clientState, invoke } from './invoke.js';
import { operations, type Operation, type Operations } from './operations.js';
import type { BaseClientOptions, BaseRequestOptions } from './options.js';
import { HttpResponsePromise } from './response-promise.js';
import type { ResourceClient } from './types.js';

/** The resource clients, by 2.0.1's names. */
export type VapiResources = { readonly [R in keyof Operations]: ResourceClient<R> };

// The class's members come from the operation table; this interface declares them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the name is the point
export interface VapiClient extends VapiResources {}

/**
 * A drop-in for @vapi-ai/server-sdk 2.0.1's `VapiClient` on the platform client:
 *
 * ```ts
 * import { VapiClient } from '@helena/sdk/server-sdk';
 * const client = new VapiClient({ token: process.env.VAPI_TOKEN! });
 * const call = await client.calls.get({ id: 'call_123' });
 * const { data, rawResponse } = await client.assistants.list({ limit: 10 }).withRawResponse();
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class VapiClient {
  constructor(options: BaseClientOptions) {
    const state = clientState(options);
    for (const [resource, methods] of Object.entries(operations)) {
      const client: Record<string, unknown> = {};
      for (const [name, operation] of Object.entries(methods as Record<string, Operation>)) {
        client[name] = (request?: Record<string, unknown>, requestOptions?: BaseRequestOptions) =>
          new HttpResponsePromise(invoke(state, operation, request, requestOptions));
      }
      Object.defineProperty(this, resource, { value: client, enumerable: true });
    }
  }
}

// 2.0.1 names its option types on the class too: `VapiClient.Options`, `VapiClient.RequestOptions`.
// eslint-disable-next-line @typescript-eslint/no-namespace -- the class's type names, as 2.0.1 has them
export declare namespace VapiClient {
  type Options = BaseClientOptions;
  type RequestOptions = BaseRequestOptions;
}
