// What `npm start` adds to the bare API server: the demo site, the widget bundle and, in demo mode
// (no VAPI_PUBLIC_KEY), the platform simulator with its rooms.
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { StartOptions } from '../server';
import { randomBytes } from 'node:crypto';
import { createDemo, DEMO_ASSISTANT_ID } from './demo';
import { createSiteApp } from './site';

const repoPath = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));

/** Site directories; overridable so a deployment can serve a built copy from elsewhere. */
export const SITE_DIR = process.env.SITE_DIR ?? repoPath('demo-site');
export const WIDGET_DIR = process.env.WIDGET_DIR ?? repoPath('widget/dist');

export interface Composition extends Pick<StartOptions, 'mounts' | 'onServer' | 'platform' | 'devMail' | 'vapiWebhookSecret'> {
  demo: boolean;
  /** The demo simulator's private key, when there is a demo. */
  simPrivateKey?: string;
  /** In-process speech into a demo call's room (end-to-end tests); false without a demo or room. */
  speak(callId: string, text: string): boolean;
  close(): Promise<void>;
}

/** Mounts and hooks for the full product on one server. */
export function composeSite(config: Config): Composition {
  // The demo runs the production path: its simulator delivers signed server messages to this
  // server's Server URL, with VAPI_WEBHOOK_SECRET when set, else a secret made for this run.
  const demoSecret = config.VAPI_PUBLIC_KEY ? undefined : (config.VAPI_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'));
  const demo = demoSecret
    ? createDemo({
        privateKey: config.SIM_PRIVATE_KEY,
        bounds: { maxPerCollection: config.SIM_MAX_RECORDS, maxRooms: config.SIM_MAX_ROOMS, maxAgeMs: config.SIM_MAX_AGE_MINUTES * 60_000 },
        server: { secret: demoSecret },
        offer: config.offer,
      })
    : null;
  const site = createSiteApp({
    siteDir: SITE_DIR,
    widgetDir: WIDGET_DIR,
    vapiPublicKey: config.VAPI_PUBLIC_KEY,
    vapiAssistantId: demo ? DEMO_ASSISTANT_ID : config.VAPI_ASSISTANT_ID,
  });
  return {
    demo: !!demo,
    simPrivateKey: demo?.privateKey,
    speak: (callId, text) => demo?.speak(callId, text) ?? false,
    // With VAPI_PRIVATE_KEY the server asks the real platform instead (server.ts).
    platform: demo?.platform,
    // The local inbox shows every visitor's mail: only in demo mode (and only to loopback).
    devMail: !!demo,
    vapiWebhookSecret: demoSecret,
    mounts: [...(demo ? [demo.mount] : []), { prefix: '/', app: site }],
    onServer: (server, handle) => demo?.onServer(server, handle),
    close: async () => demo?.close(),
  };
}
