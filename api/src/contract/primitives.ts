// Pure zod building blocks shared by every input schema (safe to import in the browser).
import { z } from 'zod';

const NUL_CHAR = String.fromCharCode(0);

/** A string with a length cap and no NUL characters (PostgreSQL rejects them). */
export const text = (max: number) =>
  z.string().max(max, `Máximo ${max} caracteres`).refine((s) => !s.includes(NUL_CHAR), 'Carácter no permitido');

/** An optional free-text field: null, undefined and blank all mean "not given". */
export const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => {
      if (v === null || v === undefined) return undefined;
      const t = v.trim();
      return t === '' ? undefined : t;
    });

/** An email address, trimmed and lower-cased. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Correo electrónico no válido').max(254, 'Correo electrónico no válido'));

/** Server-issued ids (UUIDv7). */
export const id = z.uuid('Identificador no válido');

/** A JSON object as stored in vapi_call.initial_data: bounded size and depth, no NUL anywhere. */
export const MAX_JSON_BYTES = 16 * 1024;
export const MAX_JSON_DEPTH = 8;
export const jsonObject = z.record(z.string().max(200), z.json()).superRefine((value, ctx) => {
  let serialised: string;
  try {
    serialised = JSON.stringify(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'JSON no válido' });
    return;
  }
  if (serialised.length > MAX_JSON_BYTES) ctx.addIssue({ code: 'custom', message: `JSON de más de ${MAX_JSON_BYTES} bytes` });
  if (serialised.includes('\\u0000')) ctx.addIssue({ code: 'custom', message: 'Carácter no permitido' });
  const depth = (v: unknown, d: number): number => {
    if (d > MAX_JSON_DEPTH) return d;
    if (v && typeof v === 'object') {
      let m = d;
      for (const x of Object.values(v)) m = Math.max(m, depth(x, d + 1));
      return m;
    }
    return d;
  };
  if (depth(value, 1) > MAX_JSON_DEPTH) ctx.addIssue({ code: 'custom', message: `JSON con más de ${MAX_JSON_DEPTH} niveles` });
});
