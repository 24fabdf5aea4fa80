// POST /api/email: server-to-server only. `Authorization: Bearer $EMAIL_API_KEY` is required;
// without EMAIL_API_KEY the endpoint does not exist. The mail goes through the same outbox, with
// the same footer and unsubscribe headers as a proposal; an unsubscribed address is refused (409).
import { timingSafeEqual, createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { Deps } from '../deps';
import { contactReason, withHtmlFooter } from '../mail/footer';
import { enqueue } from '../mail/outbox';
import { visitorMailParts } from '../mail/visitor-mail';
import { isUnsubscribed } from '../privacy/queries';
import { sendEmailInput } from '@helena/contract';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function emailRoute(deps: Deps) {
  const app = new Hono();
  const key = deps.config.EMAIL_API_KEY;
  const expected = key ? digest(key) : null;

  app.post('/', async (c) => {
    if (!expected) return c.json({ error: 'Not found' }, 404);
    const auth = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
    if (!token || !timingSafeEqual(digest(token), expected)) {
      return c.json({ error: 'Unauthorized' }, 401, { 'WWW-Authenticate': 'Bearer' });
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'Cuerpo JSON no válido' }, 400);
    }
    const parsed = sendEmailInput.safeParse(body);
    if (!parsed.success) {
      return c.json(
        { error: 'Datos no válidos: ' + parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(cuerpo)'}: ${i.message}`).join('; ') },
        400,
      );
    }
    const { to, subject, html, attachments } = parsed.data;
    if (await isUnsubscribed(deps.db, await deps.privacy.addressKey(to))) {
      deps.log.info('mail refused', { reason: 'recipient unsubscribed (/baja)', reqId: c.get('requestId') });
      return c.json({ error: 'El destinatario se ha dado de baja' }, 409);
    }
    const { footer, headers } = await visitorMailParts(deps, to, contactReason(deps.config.COMPANY_NAME));
    const [id] = await enqueue(deps.db.kysely, [
      { kind: 'api', to, from: deps.config.MAIL_FROM, subject, html: withHtmlFooter(html, footer), headers, attachments },
    ]);
    deps.nudgeMail();
    return c.json({ messageId: id });
  });
  app.all('/', (c) => c.json({ error: 'Method not allowed' }, 405, { Allow: 'POST' }));
  return app;
}
