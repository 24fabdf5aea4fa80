/**
 * The platform's own types for what the web client sends and receives, taken from the generated
 * OpenAPI types (type-only: nothing here reaches the bundle). Free-form objects in them are
 * re-opened by `FreeForm`, which the REST client's web-call types share.
 */
import type { FreeForm } from '../platform/free-form';
import type { components } from '../platform/generated/openapi';

type Schemas = components['schemas'];

export type { FreeForm };

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
