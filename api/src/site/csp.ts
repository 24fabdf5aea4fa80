// The Content-Security-Policy the demo site is served under, and that a customer's page needs for
// the widget. No 'unsafe-inline' and no 'unsafe-eval': the widget adopts constructed stylesheets
// and loads only its own hashed chunks.

/** Origins the voice platform and its media service use with real keys (none in demo mode). */
const PLATFORM_CONNECT = ['https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co'];

/** The policy as a header value; `platform` adds the voice platform's origins. */
export function siteCsp(opts: { platform: boolean }): string {
  const connect = ["'self'", ...(opts.platform ? PLATFORM_CONNECT : [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(opts.platform ? ['https://c.daily.co'] : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': connect,
    'frame-src': opts.platform ? ['https://*.daily.co'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
