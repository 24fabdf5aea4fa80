/** The public key the server's mounted simulator accepts in demo mode. */
export const DEMO_PUBLIC_KEY = 'demo-public-key';

/**
 * Where the element's conversations go, voice and text alike: in demo mode the platform
 * simulator the server mounts at `${apiUrl}/sim`, otherwise the platform with the public key.
 */
export function platformEndpoint(options: { demo: boolean; publicKey?: string; apiUrl: string }): { token: string; baseUrl?: string } {
  return options.demo
    ? { token: DEMO_PUBLIC_KEY, baseUrl: `${options.apiUrl.replace(/\/+$/, '')}/sim` }
    : { token: options.publicKey ?? '' };
}
