import { z } from 'zod';
import { email, text } from './primitives';

export const emailAttachment = z.object({
  filename: text(200).pipe(z.string().trim().min(1)),
  /** base64 */
  content: z.string().max(48 * 1024).regex(/^[A-Za-z0-9+/\r\n]*={0,2}$/, 'base64 no válido'),
  contentType: text(100).pipe(z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'tipo MIME no válido')),
});

/** Body of POST /api/email (server-to-server, Bearer EMAIL_API_KEY). */
export const sendEmailInput = z.object({
  to: email,
  subject: text(200).pipe(z.string().trim().min(1, 'Obligatorio')),
  html: text(60_000).pipe(z.string().min(1, 'Obligatorio')),
  attachments: z.array(emailAttachment).max(5).optional(),
});

export type SendEmailInput = z.input<typeof sendEmailInput>;
