// The `Vapi` namespace of @vapi-ai/server-sdk 2.0.1: its error classes, and its request and
// response types as aliases of the platform's generated types.
export {
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  ServiceUnavailableError,
  UnauthorizedError,
} from './errors.js';
export type * from './generated/vapi-types.js';
export type { BackgroundSoundUrlValidationResult } from './types.js';
