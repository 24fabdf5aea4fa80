// 400s for bodies that miss the OpenAPI document's required fields, from the committed table.
import { REQUIRED_FIELDS } from './required-fields';
import { httpError } from './errors';

/** What class-validator's `IsNotEmpty` refuses: nothing, null, or a blank string. */
export const isMissing = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks `body` against the required fields of `METHOD /path` (path with `:param` segments).
 * Throws a platform 400 listing every problem, like the platform's validation pipe.
 */
export function checkRequired(routeKey: string, body: unknown, extraRequired: string[] = []): void {
  const entry = REQUIRED_FIELDS[routeKey];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    if (entry || extraRequired.length) throw httpError(400, ['body must be an object']);
    return;
  }
  const record = body as Record<string, unknown>;
  let required = [...(entry?.required ?? []), ...extraRequired];
  if (entry?.discriminator && entry.variants) {
    const value = record[entry.discriminator];
    const known = Object.keys(entry.variants);
    if (isMissing(value)) {
      throw httpError(400, [`${entry.discriminator} must be one of the following values: ${known.join(', ')}`]);
    }
    const variant = entry.variants[String(value)];
    if (!variant) throw httpError(400, [`${entry.discriminator} must be one of the following values: ${known.join(', ')}`]);
    required = [...required, ...variant];
  }
  const problems = [...new Set(required)].filter((f) => isMissing(record[f])).map((f) => `${f} should not be empty`);
  if (problems.length) throw httpError(400, problems);
}
