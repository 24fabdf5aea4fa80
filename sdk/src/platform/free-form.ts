// The generator renders a free-form JSON object (`type: object` with no properties, such as
// `variableValues` or `metadata`) as `Record<string, never>`, which would reject every real value.
// `FreeForm` re-opens exactly those to `Record<string, unknown>` and leaves every other field as
// the document declares it, so a misspelt field still fails to compile.

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
