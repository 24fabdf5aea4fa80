// @helena/react: React bindings for Helena. `useWebCall` runs a voice call with the platform's
// assistant through @helena/sdk's WebCallClient; `<HelenaAssistant>` renders the lead-capture
// element from @helena/widget.
export { useWebCall, type UseWebCallOptions, type UseWebCallResult, type StartedCall } from './use-web-call';
export { WebCallStore, INITIAL_STATE, type WebCallState, type WebCallStatus, type TranscriptLine } from './web-call-store';
export { HelenaAssistant, type HelenaAssistantProps } from './helena-assistant';
