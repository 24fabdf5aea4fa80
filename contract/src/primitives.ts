// Pure zod building blocks shared by every input schema (safe to import in the browser).
import { z } from 'zod';

const NUL_CHAR = String.fromCharCode(0);

// Without the u flag a regex sees UTF-16 units, so a high half not followed by a low half (or
// a low half without a high one before it) is what it matches. Browsers without
// String.prototype.isWellFormed run this too.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `s` has no NUL and no unpaired UTF-16 surrogate: PostgreSQL refuses both, and
 * SQLite would store text no other reader can decode.
 */
export const storableText = (s: string): boolean => !s.includes(NUL_CHAR) && !LONE_SURROGATE.test(s);

/** A string with a length cap and only storable characters. */
export const text = (max: number) =>
  z.string().max(max, `Máximo ${max} caracteres`).refine(storableText, 'Carácter no permitido');

/** A capability token as vapi_call.create returns it (proof that the caller created the row). */
export const capabilityToken = z.string().min(16, 'Token no válido').max(200, 'Token no válido');

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
  .refine(storableText, 'Correo electrónico no válido')
  .trim()
  .toLowerCase()
  .pipe(z.email('Correo electrónico no válido').max(254, 'Correo electrónico no válido'));

/** Server-issued ids (UUIDv7). */
export const id = z.uuid('Identificador no válido');

/** A JSON object as stored in vapi_call.initial_data: bounded size and depth, no NUL anywhere. */
export const MAX_JSON_BYTES = 16 * 1024;
export const MAX_JSON_DEPTH = 8;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Why `value` is not an acceptable JSON object, or null. Depth-bounded, so deep input cannot blow the stack. */
export function jsonObjectProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'Debe ser un objeto JSON';
  const walk = (v: unknown, depth: number): string | null => {
    if (depth > MAX_JSON_DEPTH) return `JSON con más de ${MAX_JSON_DEPTH} niveles`;
    if (v === null || typeof v === 'boolean') return null;
    if (typeof v === 'number') return Number.isFinite(v) ? null : 'Número no válido';
    if (typeof v === 'string') return storableText(v) ? null : 'Carácter no permitido';
    if (Array.isArray(v)) {
      for (const x of v) {
        const p = walk(x, depth + 1);
        if (p) return p;
      }
      return null;
    }
    if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [k, x] of Object.entries(v)) {
        if (k.length > 200 || !storableText(k)) return 'Clave no válida';
        const p = walk(x, depth + 1);
        if (p) return p;
      }
      return null;
    }
    return 'Valor no JSON';
  };
  const problem = walk(value, 1);
  if (problem) return problem;
  if (JSON.stringify(value).length > MAX_JSON_BYTES) return `JSON de más de ${MAX_JSON_BYTES} bytes`;
  return null;
}

export const jsonObject = z.custom<Record<string, JsonValue>>().superRefine((value, ctx) => {
  const problem = jsonObjectProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
