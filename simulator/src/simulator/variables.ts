// Template variables in an assistant's texts (its first message, its system prompt).
import { textOf } from './json';

/** Substitutes `{{ name }}` placeholders with variable values, as the platform's templates do. */
export function applyVariables(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (m, key: string) => (values[key] === undefined ? m : textOf(values[key])));
}
