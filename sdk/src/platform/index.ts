export { createPlatformClient, listPlatformRoutes, type PlatformClient } from './client.js';
export {
  PlatformApiError,
  PlatformTimeoutError,
  BadRequestError,
  UnauthorizedError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  ServerError,
  type PlatformErrorBody,
  type PlatformErrorPayload,
} from './errors.js';
export type { PlatformClientOptions, RequestOptions } from './options.js';
export type { RetryInfo } from './retry.js';
export type { RouteInfo } from './build.js';
export type { HttpMethod, PayloadKind, Route } from './route.js';
export type { RouteTypes, RouteMethod, PathParams, PagesMethod, PageItem } from './types.js';
export { toQueryString } from './request.js';
export * from './hand-written.js';
export type { paths, components, operations } from './generated/openapi.js';
