// No imports, on purpose: the web entry takes the host from here without loading the REST
// client (and ky) with it.

/** The platform's public API host: the default base URL of the REST client and the web client. */
export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
