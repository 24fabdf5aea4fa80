// POST /api/vapi/events: the assistant's Server URL. A request must prove the shared secret (the
// SDK's verifier: HMAC signature, bearer token or X-Vapi-Secret); the message is validated with
// zod, handled once per distinct body, and a type this server does not act on is acknowledged.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { verifyServerRequest } from '@helena/sdk';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/access-log';
import { refuse } from '../http/api-error';
import { HANDLERS, isHandledType } from './handlers';
import { claimDelivery, forgetDelivery, saveDeliveryResponse } from './queries';
import { conversationIds, serverMessageEnvelope } from './schemas';

/** An end-of-call report carries the whole transcript and message list: larger than a form post. */
export const EVENTS_BODY_LIMIT_BYTES = 1024 * 1024;
export const VAPI_EVENTS_PATH = '/api/vapi/events';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function vapiEventsRoute(deps: Deps, secret: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const verified = await verifyServerRequest(c.req.raw, { secret, maxBodyBytes: EVENTS_BODY_LIMIT_BYTES });
    if (!verified.ok) {
      if (verified.reason === 'body-too-large') return refuse(c, 413, 'Payload too large');
      deps.log.warn('server message refused', { reason: verified.reason, reqId: c.get('requestId') });
      return c.json({ error: 'Unauthorized' }, 401);
    }
    const raw = parseJson(verified.body);
    const envelope = serverMessageEnvelope.safeParse(raw);
    if (!envelope.success) return refuse(c, 400, 'Invalid server message');
    const { type } = envelope.data.message;
    if (!isHandledType(type)) return c.json({ ignored: type });
    const handler = HANDLERS[type];
    // The envelope kept only the routing fields; the type's own schema reads the whole message.
    const message = handler.schema.safeParse((raw as { message: unknown }).message);
    if (!message.success) return refuse(c, 400, `Invalid ${type} message`);

    const vapiIds = conversationIds(envelope.data.message);
    const vapiId = vapiIds[0] ?? '';
    const id = createHash('sha256').update(verified.body).digest('hex');
    const claim = await claimDelivery(deps.db, { id, type, vapiId: vapiId || null });
    if (!claim.first) {
      if (claim.response !== null) return c.body(claim.response, 200, { 'Content-Type': 'application/json' });
      // The first copy is still being handled: answer 503 so the platform asks again for its answer.
      return type === 'tool-calls' ? c.json({ error: 'In progress' }, 503, { 'Retry-After': '1' }) : c.json({});
    }
    let answer: string;
    try {
      // Each handler takes its own validated message type.
      const result = await (handler.handle as (d: Deps, v: string[], m: unknown) => Promise<{ body?: unknown }>)(deps, vapiIds, message.data);
      answer = JSON.stringify(result.body ?? {});
    } catch (err) {
      // Not seen, so the platform's retry is handled afresh.
      await forgetDelivery(deps.db, id).catch(() => {});
      throw err;
    }
    await saveDeliveryResponse(deps.db, id, answer);
    return c.body(answer, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
