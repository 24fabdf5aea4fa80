import { buildMethods, listRoutes, type RouteInfo } from './build.js';
import { resolveOptions, type PlatformClientOptions } from './options.js';
import { send } from './request.js';
import { platformRoutes, type PlatformRoutes } from './resources/index.js';
import type { ClientOf } from './types.js';

/** The platform REST client: one namespace per resource group, one method per route. */
// An interface (not an alias) so that editors show `PlatformClient` rather than its expansion.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface PlatformClient extends ClientOf<PlatformRoutes> {}

/**
 * Creates a client for the platform's REST API.
 *
 * ```ts
 * const platform = createPlatformClient({ token: process.env.VAPI_PRIVATE_KEY });
 * const call = await platform.calls.get('call_123');
 * ```
 */
export function createPlatformClient(options: PlatformClientOptions = {}): PlatformClient {
  const config = resolveOptions(options);
  return buildMethods(platformRoutes, (route, args) => send(config, route, args)) as PlatformClient;
}

/** Every route the client knows: name, verb, path template, payload kind and whether it sends the token. */
export function listPlatformRoutes(): RouteInfo[] {
  return listRoutes(platformRoutes);
}
