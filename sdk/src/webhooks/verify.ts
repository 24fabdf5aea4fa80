// Proves that a request to a Server URL comes from the platform. The platform presents the
// credential configured for the Server URL in one of three ways: an HMAC-SHA256 of the raw body
// in `x-vapi-signature`, a bearer token, or (older setups) the secret itself in `X-Vapi-Secret`.
// Only Web Crypto is used, so the same code runs in Node, workers and edge runtimes.

/** The part of Node's `IncomingMessage` the verifier reads. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  headers: Record<string, string | string[] | undefined>;
}

export interface VerifyServerRequestOptions {
  /** The credential's secret. A list accepts any of them, to rotate a secret without downtime. */
  secret: string | readonly string[];
  /**
   * The raw body, when a framework has already read the stream (for example Express's JSON
   * parser). The signature covers the exact bytes sent, so pass the raw text, not re-serialised JSON.
   */
  rawBody?: string | Uint8Array;
  /** Bodies larger than this are refused before any hashing. Default 1 MiB. */
  maxBodyBytes?: number;
}

/** How a request proved itself. */
export type ServerCredentialMethod = 'hmac' | 'bearer' | 'secret-header';

/** Why a request was refused. */
export type ServerRequestRefusal = 'no-credential' | 'bad-signature' | 'bad-credential' | 'body-too-large';

export type ServerRequestVerification =
  | { ok: true; method: ServerCredentialMethod; /** The raw body, as text. */ body: string }
  | { ok: false; reason: ServerRequestRefusal };

const DEFAULT_MAX_BODY = 1024 * 1024;
const encoder = new TextEncoder();

/**
 * Checks a Server URL request's credential (Fetch `Request` or Node `IncomingMessage`) and reads
 * its body. A present signature is authoritative: when `x-vapi-signature` is sent, it must match
 * even if a bearer token is sent too. Every comparison takes the same time whatever the input.
 *
 * ```ts
 * const verified = await verifyServerRequest(request, { secret: process.env.VAPI_WEBHOOK_SECRET! });
 * if (!verified.ok) return new Response(null, { status: 401 });
 * const message = readServerMessage(verified.body);
 * ```
 */
export async function verifyServerRequest(
  request: Request | NodeRequestLike,
  options: VerifyServerRequestOptions,
): Promise<ServerRequestVerification> {
  const secrets = (typeof options.secret === 'string' ? [options.secret] : [...options.secret]).filter((s) => s.length > 0);
  if (secrets.length === 0) throw new TypeError('verifyServerRequest needs a non-empty secret.');
  const header = headerReader(request);
  const signature = header('x-vapi-signature');
  const bearer = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1]?.trim();
  const secretHeader = header('x-vapi-secret');
  if (signature === undefined && bearer === undefined && secretHeader === undefined) return { ok: false, reason: 'no-credential' };

  const bytes = await readBody(request, options.rawBody, options.maxBodyBytes ?? DEFAULT_MAX_BODY);
  if (!bytes) return { ok: false, reason: 'body-too-large' };
  const body = new TextDecoder().decode(bytes);

  if (signature !== undefined) {
    const given = signature.trim().replace(/^sha256=/i, '').toLowerCase();
    for (const secret of secrets) {
      if (constantTimeEqual(encoder.encode(await hmacHex(secret, bytes)), encoder.encode(given))) return { ok: true, method: 'hmac', body };
    }
    return { ok: false, reason: 'bad-signature' };
  }
  const presented = bearer ?? secretHeader ?? '';
  const method: ServerCredentialMethod = bearer !== undefined ? 'bearer' : 'secret-header';
  // Compare digests, not the strings: equal lengths, so the time says nothing about the secret's length.
  const presentedDigest = await sha256(encoder.encode(presented));
  for (const secret of secrets) {
    if (constantTimeEqual(await sha256(encoder.encode(secret)), presentedDigest)) return { ok: true, method, body };
  }
  return { ok: false, reason: 'bad-credential' };
}

/** The hex HMAC-SHA256 of `body` under `secret`: what the platform puts in `x-vapi-signature`. */
export async function signServerMessage(secret: string, body: string | Uint8Array): Promise<string> {
  return hmacHex(secret, typeof body === 'string' ? encoder.encode(body) : body);
}

// Importing a key costs more than signing a message with it, and a process signs and checks with
// a handful of secrets (the current one and one being rotated out), so imported keys are kept.
// The bound keeps a caller that passes a new secret each time from growing the map.
const MAX_KEPT_KEYS = 8;
const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= MAX_KEPT_KEYS) hmacKeys.delete(hmacKeys.keys().next().value!);
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacKeys.set(secret, key);
    key.catch(() => hmacKeys.delete(secret));
  }
  return key;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

async function hmacHex(secret: string, data: Uint8Array): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), data as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of mac) hex += HEX[b];
  return hex;
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/**
 * Byte equality whose time does not depend on where the bytes differ. Lengths are not secret
 * here: both sides are a 64-character hex HMAC or a 32-byte digest.
 */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0); // lengths are equal, so the fallback is never taken
  return diff === 0;
}

function headerReader(request: Request | NodeRequestLike): (name: string) => string | undefined {
  if (typeof Request !== 'undefined' && request instanceof Request) return (name) => request.headers.get(name) ?? undefined;
  const headers = (request as NodeRequestLike).headers;
  return (name) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
}

async function readBody(
  request: Request | NodeRequestLike,
  rawBody: string | Uint8Array | undefined,
  max: number,
): Promise<Uint8Array | null> {
  if (rawBody !== undefined) {
    const bytes = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
    return bytes.byteLength > max ? null : bytes;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream: AsyncIterable<Uint8Array | string> | null =
    typeof Request !== 'undefined' && request instanceof Request ? (request.body as AsyncIterable<Uint8Array> | null) : (request as NodeRequestLike);
  if (stream) {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size > max) return null;
      chunks.push(bytes);
    }
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
