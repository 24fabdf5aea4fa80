// @helena/sdk/server-sdk: the public surface of @vapi-ai/server-sdk 2.0.1 on the platform client.
export * as Vapi from './vapi.js';
export { VapiClient, type VapiResources } from './client.js';
export { VapiError, VapiTimeoutError } from './errors.js';
export { HttpResponsePromise } from './response-promise.js';
export {
  VapiEnvironment,
  type BaseClientOptions,
  type BaseRequestOptions,
  type FetchFunction,
  type FetcherArgs,
  type FetcherResponse,
  type HeaderValues,
  type ILogger,
  type LogConfig,
  type LogLevel,
  type RawResponse,
  type Supplier,
  type WithRawResponse,
} from './options.js';
export type { Uploadable } from './upload.js';
export type { MethodOf, RequestOf, ResponseOf, ResourceClient } from './types.js';
