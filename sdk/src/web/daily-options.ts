/**
 * Guards for the daily-js options that reach a call object, checked with zod so that a bad
 * value fails early with an error naming the option instead of deep inside daily's call
 * machine. Also the `@vapi-ai/web` safety rewrites (mic-permission prompt, `audioSource: false`).
 */
// zod/mini: the same checks as zod's classic API at a fraction of the bundle size.
import * as z from 'zod/mini';
import type { CallObjectInputDevices, CallObjectLike, CreateCallObjectOptions } from './call-object';

/** A daily option that failed its check. `option` names it (a dotted path for nested values). */
export class DailyOptionError extends Error {
  override name = 'DailyOptionError';
  constructor(
    readonly option: string,
    readonly problem: string,
  ) {
    super(`Invalid daily option "${option}": ${problem}`);
  }
}

export const USER_DATA_MAX_CHARS = 4096;

/**
 * The schemas, built on first use: building zod object schemas probes the environment
 * (`navigator`, `new Function`), and importing this module must touch no browser global.
 */
function buildSchemas() {
  const userDataSchema = z.unknown().check(
    z.superRefine((value, ctx) => {
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch (error) {
        ctx.issues.push({ code: 'custom', input: value, message: `must be JSON-serialisable (${(error as Error).message})` });
        return;
      }
      if (value !== undefined && text === undefined) {
        ctx.issues.push({ code: 'custom', input: value, message: 'must be JSON-serialisable' });
        return;
      }
      if (text !== undefined && text.length > USER_DATA_MAX_CHARS) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `must be at most ${USER_DATA_MAX_CHARS} characters once serialised (got ${text.length})`,
        });
      }
    }),
  );

  const strengthMessage = 'strength must be greater than 0 and at most 1';
  const blurSchema = z.object({
    type: z.literal('background-blur'),
    config: z.optional(
      z.object({ strength: z.optional(z.number().check(z.gt(0, strengthMessage), z.lte(1, strengthMessage))) }),
    ),
  });

  const presetMessage = 'a preset source must be an integer from 1 to 10';
  const backgroundImageSchema = z.object({
    type: z.literal('background-image'),
    config: z.optional(
      z.object({
        url: z.optional(z.string()),
        source: z.optional(
          z.union([
            z.string(),
            z.instanceof(ArrayBuffer),
            z.number().check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 10, presetMessage)),
          ]),
        ),
      }),
    ),
  });

  const videoProcessorSchema = z.union([
    z.object({ type: z.enum(['none', 'face-detection']) }),
    blurSchema,
    backgroundImageSchema,
  ]);

  const inputSettingsSchema = z.object({
    audio: z.optional(
      z.looseObject({ processor: z.optional(z.object({ type: z.enum(['none', 'noise-cancellation']) })) }),
    ),
    video: z.optional(z.looseObject({ processor: z.optional(videoProcessorSchema) })),
  });

  const volumeMessage = 'volume must be from 0 to 2';
  const remoteMediaPlayerSettingsSchema = z.looseObject({
    volume: z.optional(z.number().check(z.gte(0, volumeMessage), z.lte(2, volumeMessage))),
  });

  const transferTargetSchema = z
    .string({ error: 'must be a string' })
    .check(z.refine((t) => t.startsWith('sip:') || t.startsWith('+'), "must start with 'sip:' or '+'"));

  const color = z.optional(z.string());
  const themeColorsSchema = z.strictObject({
    accent: color,
    accentText: color,
    background: color,
    backgroundAccent: color,
    baseText: color,
    border: color,
    mainAreaBg: color,
    mainAreaBgAccent: color,
    mainAreaText: color,
    supportiveText: color,
  });
  const themeSchema = z.union([
    z.strictObject({ colors: themeColorsSchema }),
    z.strictObject({ light: z.object({ colors: themeColorsSchema }), dark: z.object({ colors: themeColorsSchema }) }),
  ]);

  const locationSchema = z.enum(['main', 'sidebar'], { error: "location must be 'main' or 'sidebar'" });
  const trayButtonSchema = z.looseObject({
    iconPath: z.optional(z.string()),
    iconPathDarkMode: z.optional(z.string()),
    label: z.string({ error: 'label is required (a string)' }),
    tooltip: z.optional(z.string()),
    visualState: z.optional(z.enum(['default', 'sidebar-open', 'active'])),
    location: z.optional(locationSchema),
  });
  const trayButtonsSchema = z.record(z.string(), trayButtonSchema);

  const integrationSchema = z
    .looseObject({
      label: z.string({ error: 'label is required (a string)' }),
      location: locationSchema,
      src: z.optional(z.string()),
      srcdoc: z.optional(z.string()),
    })
    .check(z.refine((v) => typeof v.src === 'string' || typeof v.srcdoc === 'string', 'src or srcdoc is required'));
  const integrationsSchema = z.record(z.string(), integrationSchema);

  return {
    userDataSchema,
    inputSettingsSchema,
    remoteMediaPlayerSettingsSchema,
    transferTargetSchema,
    themeSchema,
    trayButtonsSchema,
    integrationsSchema,
  };
}

let cachedSchemas: ReturnType<typeof buildSchemas> | null = null;
const schemas = () => (cachedSchemas ??= buildSchemas());

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/** For a union, the issue of the branch that got furthest (the one the value was meant to be). */
function mostSpecific(issue: Issue, prefix: PropertyKey[] = []): Issue {
  const here = { ...issue, path: [...prefix, ...issue.path] };
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return here;
  let best: Issue = here;
  for (const branch of issue.errors) {
    for (const inner of branch) {
      const candidate = mostSpecific(inner, here.path);
      const deeper = candidate.path.length > best.path.length;
      // At the same depth, a failed check (too small, not an integer…) says more than a type mismatch.
      const sharper =
        candidate.path.length === best.path.length &&
        (best === here || best.code === 'invalid_type') &&
        candidate.code !== 'invalid_type' &&
        candidate.code !== 'invalid_union';
      if (deeper || sharper) best = candidate;
    }
  }
  return best;
}

function check<T>(option: string, schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  // zod reports at least one issue for every failed parse.
  if (!first) throw new DailyOptionError(option, 'is invalid');
  const issue = mostSpecific(first);
  const path = [option, ...issue.path.map(String)].join('.');
  throw new DailyOptionError(path, issue.message);
}

export function checkUserData(userData: unknown): void {
  check('userData', schemas().userDataSchema, userData);
}

/** `updateInputSettings()` / `inputSettings`: blur strength (0, 1], image preset 1..10. */
export function checkInputSettings(settings: unknown, option = 'inputSettings'): void {
  check(option, schemas().inputSettingsSchema, settings);
}

/** `startRemoteMediaPlayer()` / `updateRemoteMediaPlayer()` settings: volume 0..2. */
export function checkRemoteMediaPlayerSettings(settings: unknown, option = 'remoteMediaPlayer.settings'): void {
  check(option, schemas().remoteMediaPlayerSettingsSchema, settings);
}

/** `sipCallTransfer()` / `sipRefer()`: the target starts with 'sip:' or '+'; a caller id only for a PSTN number. */
export function checkTransfer(options: { toEndPoint: unknown; callerId?: unknown }, option = 'transfer'): void {
  check(`${option}.toEndPoint`, schemas().transferTargetSchema, options.toEndPoint);
  if (options.callerId !== undefined && !String(options.toEndPoint).startsWith('+')) {
    throw new DailyOptionError(`${option}.callerId`, 'is valid only when transferring to a PSTN number (one starting with +)');
  }
}

/** `startDialOut()`: a caller id only for a PSTN number (`phoneNumber`), not for a SIP URI. */
export function checkDialOut(options: { phoneNumber?: unknown; sipUri?: unknown; callerId?: unknown }): void {
  if (options.callerId !== undefined && typeof options.phoneNumber !== 'string') {
    throw new DailyOptionError('dialOut.callerId', 'is valid only when dialling out to a PSTN number (phoneNumber)');
  }
}

export function checkTheme(theme: unknown): void {
  check('theme', schemas().themeSchema, theme);
}

export function checkCustomTrayButtons(buttons: unknown): void {
  check('customTrayButtons', schemas().trayButtonsSchema, buttons);
}

export function checkCustomIntegrations(integrations: unknown): void {
  check('customIntegrations', schemas().integrationsSchema, integrations);
}

/** Checks every guarded field present in call-object (factory / join) options. */
export function checkCallObjectOptions(options: Record<string, unknown> | undefined): void {
  if (!options) return;
  if ('userData' in options) checkUserData(options.userData);
  if (options.inputSettings !== undefined) checkInputSettings(options.inputSettings);
  if (options.theme !== undefined) checkTheme(options.theme);
  if (options.customTrayButtons !== undefined) checkCustomTrayButtons(options.customTrayButtons);
  if (options.customIntegrations !== undefined) checkCustomIntegrations(options.customIntegrations);
}

/** Drops `alwaysIncludeMicInPermissionPrompt: false`, which breaks Chrome 140+. */
export function createSafeDailyConfig<T extends Record<string, unknown>>(config: T | undefined): Record<string, unknown> {
  if (!config) return {};
  const { alwaysIncludeMicInPermissionPrompt, ...rest } = config;
  if (alwaysIncludeMicInPermissionPrompt === false) {
    console.warn('[helena] alwaysIncludeMicInPermissionPrompt:false breaks Chrome 140+; removing it.');
    return rest;
  }
  return config;
}

/** `audioSource: false` breaks Chrome 140+: replaced by `true`. Checks nothing, so it needs no zod. */
export function withSafeAudioSource(options: CreateCallObjectOptions | undefined): CreateCallObjectOptions {
  if (!options) return {};
  if (options.audioSource === false) {
    console.warn('[helena] audioSource:false in the call-object options breaks Chrome 140+; using true.');
    return { ...options, audioSource: true };
  }
  return options;
}

export const CALL_OBJECT_NOT_AVAILABLE = 'Call object is not available.';

/** `setLocalAudio` without `forceDiscardTrack` (which breaks Chrome 140+). */
export function safeSetLocalAudio(call: CallObjectLike | null, enabled: boolean): void {
  if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
  call.setLocalAudio(enabled);
}

/** `setInputDevicesAsync` with `audioSource: false` rewritten to the default device. */
export async function safeSetInputDevicesAsync(call: CallObjectLike | null, options: CallObjectInputDevices): Promise<void> {
  if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
  if ('audioSource' in options && options.audioSource === false) {
    console.warn('[helena] setInputDevicesAsync with audioSource:false breaks Chrome 140+; using the default device.');
    const { audioSource: _drop, ...rest } = options;
    await call.setInputDevicesAsync(rest);
    return;
  }
  await call.setInputDevicesAsync(options);
}
