// @helena/sdk: the platform REST client and its types.
export * from './platform/index.js';
export * from './webhooks/index.js';
export { detectEmail, detectEmails, normaliseSpokenEmail } from './email/detect.js';

import type { components } from './platform/generated/openapi.js';
import type { PlatformClient } from './platform/client.js';

/** Any schema of the platform's OpenAPI document, by name: `Schema<'Assistant'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

type Fn = (...args: never[]) => Promise<unknown>;
type At<T, K extends string> = K extends `${infer H}.${infer R}` ? (H extends keyof T ? At<T[H], R> : never) : K extends keyof T ? T[K] : never;
type Dotted<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends Fn ? `${P}${K}` : Dotted<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A method's name as a dotted path: `'assistants.create'`, `'testSuites.tests.get'`. */
export type MethodName = Dotted<PlatformClient>;
/** The arguments of a method, without the trailing request options. */
export type MethodArgs<N extends MethodName> = Parameters<Extract<At<PlatformClient, N>, Fn>>;
/** The resolved answer of a method: `MethodResponse<'calls.get'>` is the `Call` schema. */
export type MethodResponse<N extends MethodName> = Awaited<ReturnType<Extract<At<PlatformClient, N>, Fn>>>;

/**
 * Every schema of the platform's document as a named type (`Assistant`, `Call`, `CreateAssistantDTO`,
 * …), so editors show these names and an application can name what a method returns, even in
 * its own declarations. `Schema<'Name'>` is the same type.
 */
export type * from './platform/generated/openapi.js';
// Two names the document also uses for a schema: here they are the SDK's typed unions.
export type { ServerMessage, ToolCallResult } from './webhooks/index.js';

/** Answers the document types as unions of its schemas, named here. */
export type PhoneNumber = MethodResponse<'phoneNumbers.get'>;
export type Tool = MethodResponse<'tools.get'>;
export type FileRecord = Schema<'File'>;
