// @helena/sdk/web: the web-call client, a drop-in replacement for @vapi-ai/web 2.7.
// Importing this module touches no browser global and does not load @daily-co/daily-js.
import { WebCallClient } from './checked-client';

export { WebCallClient };
export { WebCallClientCore } from './client';
export {
  REMOTE_SPEAKER_NAME,
  VIDEO_AVATAR_PROVIDERS,
  RECORDING_OPTIONS,
  MOBILE_JOIN_WAIT_MS,
  AUDIO_LEVEL_INTERVAL_MS,
  VOLUME_LEVEL_DIVISOR,
  SPEAKING_THRESHOLD,
  SPEECH_END_DELAY_MS,
} from './constants';
export type { WebCallClientOptions, StartCallOptions, DailyCallConfig, DailyCallObjectOptions } from './client-options';
export type { ReconnectWebCall, AssistantInput, SquadInput, WorkflowInput } from './web-call-api';
export type {
  WebCallClientMessage,
  SayMessage,
  ControlMessages,
  ControlMessage,
  AddMessageMessage,
  EndCallMessage,
} from './app-messages';
export { START_STAGES } from './events';
export type {
  WebCallEvents,
  WebCallEventName,
  WebCallEventPayload,
  StartStage,
  CallStartProgressStage,
  CallStartProgressEvent,
  CallStartSuccessEvent,
  CallStartFailedEvent,
  WebCallErrorEvent,
  WebCallPhaseEvent,
  WebCallErrorType,
  CameraErrorEvent,
  SerializedError,
  StatusUpdateMessage,
  WebCallMessage,
} from './events';
export type {
  AssistantOverrides,
  WorkflowOverrides,
  Call,
  CreateAssistantDTO,
  CreateSquadDTO,
  CreateWorkflowDTO,
  CreateWebCallDTO,
  CreateWebChatDTO,
  WebChat,
  CreateChatStreamResponse,
  ClientMessage,
  ClientMessageOf,
  FreeForm,
} from './platform-types';
export type { WebCallLogger, WebCallLoggerOption } from './logger';
export type { WebCallPhase } from './lifecycle';
export { TypedEmitter } from './emitter';
export { serializeError } from './serialize-error';
export { toCloneSafe } from './clone-safe';
export type { CloneSafeTrack } from './clone-safe';
export { DEFAULT_BASE_URL, WebCallRequestError } from './web-call-api';
export { WebChatClient, WebChatRequestError } from './web-chat';
export type { WebChatClientOptions, WebChatInputMessage, WebChatSendOptions, WebChatTurn } from './web-chat';
export type { WebCall, CreateWebCallBody } from './web-call-api';
export {
  DailyOptionError,
  USER_DATA_MAX_CHARS,
  checkUserData,
  checkInputSettings,
  checkRemoteMediaPlayerSettings,
  checkTransfer,
  checkDialOut,
  checkTheme,
  checkCustomTrayButtons,
  checkCustomIntegrations,
  checkCallObjectOptions,
} from './daily-options';
export type * from './call-object';

export default WebCallClient;
