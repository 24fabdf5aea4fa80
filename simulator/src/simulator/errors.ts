// The platform's error body: `{ message, error, statusCode }` (NestJS style; validation errors
// carry a list of messages).

export interface PlatformErrorBody {
  message: string | string[];
  error: string;
  statusCode: number;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const reasonPhrase = (status: number): string => REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');

export function errorBody(status: number, message: string | string[]): PlatformErrorBody {
  return { message, error: reasonPhrase(status), statusCode: status };
}

/** Thrown by route handlers; the app turns it into the platform's error response. */
export class SimulatorHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PlatformErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body.message) ? body.message.join('; ') : body.message);
    this.name = 'SimulatorHttpError';
  }
}

export const httpError = (status: number, message: string | string[], headers?: Record<string, string>): SimulatorHttpError =>
  new SimulatorHttpError(status, errorBody(status, message), headers);

export const INVALID_KEY_MESSAGE =
  'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.';
