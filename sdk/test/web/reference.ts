// Loads the reference implementation, @vapi-ai/web 2.7.1 (CommonJS), with a fake
// @daily-co/daily-js placed in the require cache first, so it creates fake call objects.
import { createRequire } from 'node:module';
import type { CreateCallObject } from '@helena/sdk/web';

const requireHere = createRequire(import.meta.url);
const vapiEntry = requireHere.resolve('@vapi-ai/web');
const requireFromVapi = createRequire(vapiEntry);
const dailyPath = requireFromVapi.resolve('@daily-co/daily-js');

let currentFactory: CreateCallObject | null = null;
let dailyCreateCount = 0;

const fakeDaily = {
  createCallObject: (options?: any) => {
    dailyCreateCount++;
    if (!currentFactory) throw new Error('reference: no fake call-object factory set');
    return currentFactory(options);
  },
};

function installFakeDaily(): void {
  const existing = requireFromVapi.cache[dailyPath];
  if (existing && (existing.exports)?.default === fakeDaily) return;
  requireFromVapi.cache[dailyPath] = {
    id: dailyPath,
    filename: dailyPath,
    loaded: true,
    exports: { __esModule: true, default: fakeDaily },
    children: [],
    paths: [],
  } as any;
}

installFakeDaily();
const vapiModule = requireHere('@vapi-ai/web');
/** The reference `Vapi` class. Note: all its instances share one module-level API client. */
export const ReferenceVapi: any = vapiModule.default ?? vapiModule;
export const referenceVersion: string = requireHere('@vapi-ai/web/package.json').version;

/** Routes the reference's `Daily.createCallObject` to `factory`. */
export function useFactoryForReference(factory: CreateCallObject): void {
  currentFactory = factory;
}

export const referenceDailyCreateCount = () => dailyCreateCount;
