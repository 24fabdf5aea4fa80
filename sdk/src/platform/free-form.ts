// The generator renders a free-form object (`metadata`, `variableValues`) as `Record<string, never>`,
// which rejects every real value; FreeForm re-opens only those, so a misspelt field still fails.

/** Deeply replaces the generator's `Record<string, never>` with `Record<string, unknown>`. */
export type FreeForm<T> = T extends readonly (infer U)[]
  ? FreeForm<U>[]
  : T extends object
    ? string extends keyof T
      ? [T[string & keyof T]] extends [never]
        ? Record<string, unknown>
        : { [K in keyof T]: FreeForm<T[K]> }
      : { [K in keyof T]: FreeForm<T[K]> }
    : T;
