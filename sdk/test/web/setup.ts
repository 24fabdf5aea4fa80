// Shared set-up for the behaviour tests: a WebCallClient on a fake call-object factory and a
// real local platform server, torn down after each test.
import { afterEach } from 'vitest';
import WebCallClient, { type WebCallClientOptions } from '@helena/sdk/web';
import { createFakeCallObjectFactory, type FakeCallObjectOptions } from '@helena/simulator';
import { recordEvents, startPlatform, type PlatformReply, type RecordedRequest } from './helpers';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

export interface SetupOptions {
  fake?: FakeCallObjectOptions;
  reply?: (req: RecordedRequest, n: number) => PlatformReply;
  client?: Partial<WebCallClientOptions>;
  /** Adds a no-op `error` listener (default true). */
  errorListener?: boolean;
}

export async function setup(options: SetupOptions = {}) {
  const platform = await startPlatform();
  if (options.reply) platform.reply(options.reply);
  const factory = createFakeCallObjectFactory(options.fake ?? {});
  const client = new WebCallClient({ token: 'pk-test', baseUrl: platform.url, createCallObject: factory, ...options.client });
  if (options.errorListener !== false) client.on('error', () => {});
  const log = recordEvents(client);
  cleanups.push(async () => {
    await client.stop();
    await platform.close();
  });
  const events = (name: string) => log.filter((e) => e.event === name).map((e) => e.args[0]);
  return { platform, factory, client, log, events };
}

/** Registers extra teardown work for the current test. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(async () => {
    await fn();
  });
}
