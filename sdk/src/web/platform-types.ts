/**
 * The platform's own types for what the web client sends and receives, taken from the generated
 * OpenAPI types (type-only: nothing here reaches the bundle).
 *
 * The generator renders a free-form JSON object (`type: object` with no properties, such as
 * `variableValues` or `metadata`) as `Record<string, never>`, which would reject every real value.
 * `FreeForm` re-opens exactly those to `Record<string, unknown>` and leaves every other field as
 * the document declares it, so a misspelt field still fails to compile.
 */
import type { components } from '../platform/generated/openapi';

type Schemas = components['schemas'];

/** Deeply replaces the generator's `Record<string, never>` with `Record<string, unknown>`. */
export type FreeForm<T> = T extends readonly (infer U)[]
  ? FreeForm<U>[]
  : T extends object
    ? string extends keyof T
      ? [T[string & keyof T]] extends [never]
        ? Record<string, unknown>
        : { [K in keyof T]: FreeForm<T[K]> }
      : { [K in keyof T]: FreeForm<T[K]> }
    : T;

/** An inline assistant, as `POST /call/web` takes it. */
export type CreateAssistantDTO = FreeForm<Schemas['CreateAssistantDTO']>;
/** Per-call changes to a saved or inline assistant (`variableValues`, `firstMessage`, …). */
export type AssistantOverrides = FreeForm<Schemas['AssistantOverrides']>;
/** An inline squad. */
export type CreateSquadDTO = FreeForm<Schemas['CreateSquadDTO']>;
/** An inline workflow. */
export type CreateWorkflowDTO = FreeForm<Schemas['CreateWorkflowDTO']>;
/** Per-call changes to a workflow. */
export type WorkflowOverrides = FreeForm<Schemas['WorkflowOverrides']>;
/** The call the platform created (what `start()` resolves to). */
export type Call = FreeForm<Schemas['Call']>;
/** The `POST /call/web` body. */
export type CreateWebCallDTO = FreeForm<Schemas['CreateWebCallDTO']>;
/** The `POST /chat/web` body. */
export type CreateWebChatDTO = FreeForm<Schemas['CreateWebChatDTO']>;
/** `POST /chat/web`'s answer when it is not streamed. */
export type WebChat = FreeForm<Schemas['WebChat']>;
/** One event of a streamed `POST /chat/web` answer: a piece of one output message's content. */
export type CreateChatStreamResponse = Schemas['CreateChatStreamResponse'];

/** Every message the platform sends to client SDKs during a call, discriminated by `type`. */
export type ClientMessage = FreeForm<Schemas['ClientMessage']['message']>;
/** One client message by its `type`: `ClientMessageOf<'transcript'>`. */
export type ClientMessageOf<T extends ClientMessage['type']> = ClientMessage extends infer M
  ? M extends { type: infer K }
    ? T extends K
      ? M
      : never
    : never
  : never;
