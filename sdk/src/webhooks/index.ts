// Receiving the platform's Server URL messages: verification, typed messages, tool answers.
export {
  functionToolCalls,
  isServerMessage,
  readServerMessage,
  toolCallsResponse,
  type FunctionToolCall,
  type ServerMessage,
  type ServerMessageBody,
  type ServerMessageOf,
  type ServerMessageType,
  type ToolCallResult,
  type ToolCallsResponse,
} from './messages.js';
export {
  signServerMessage,
  verifyServerRequest,
  type NodeRequestLike,
  type ServerCredentialMethod,
  type ServerRequestRefusal,
  type ServerRequestVerification,
  type VerifyServerRequestOptions,
} from './verify.js';
