/**
 * The RPC client's error rules: a server error with a numeric code and a message becomes
 * a client error with that message; an unparseable response gives
 * 'Unable to transform response from server'; anything else gives 'Unknown error'.
 */
export const UNPARSEABLE = 'Unable to transform response from server';
export const UNKNOWN = 'Unknown error';

export class RpcError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RpcError';
    this.code = code;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  if (isObject(err)) {
    // A TRPCClientError keeps the server's error shape in `shape`; a raw envelope has `error`.
    const shape = isObject(err.shape) ? err.shape : isObject(err.error) ? err.error : undefined;
    if (shape && typeof shape.code === 'number' && typeof shape.message === 'string') {
      return new RpcError(shape.message, shape.code, { cause: err });
    }
    const cause = err.cause;
    const message = typeof err.message === 'string' ? err.message : '';
    if (
      err instanceof SyntaxError ||
      cause instanceof SyntaxError ||
      message === UNPARSEABLE ||
      (isObject(cause) && cause.message === UNPARSEABLE)
    ) {
      return new RpcError(UNPARSEABLE, undefined, { cause: err });
    }
  }
  return new RpcError(UNKNOWN, undefined, { cause: err });
}
