/**
 * The `<helena-assistant>` element's attributes, in one place: the facade observes and forwards
 * them, the UI element reads them into its configuration, and the manifest test holds the README,
 * custom-elements.json and the types to them. An attribute's camelCase name is its configuration
 * key (and `@helena/react`'s prop).
 */

/** The attributes the UI element reads into its configuration; the facade forwards them. */
export const CONFIG_ATTRIBUTES = [
  'name',
  'company',
  'chat-label',
  'public-key',
  'assistant-id',
  'api-url',
  'locale',
  'show-on',
  'mode',
  'consent',
  'consent-text',
  'consent-version',
  'privacy-url',
  'theme',
  'position',
] as const;

/** The attributes only the facade reads: when to load the UI. */
export const FACADE_ATTRIBUTES = ['loading'] as const;

/**
 * Every attribute the element takes. (A call, not a spread, marked pure: the loader imports this
 * module for one list and must not carry the other.)
 */
export const ATTRIBUTES = /* @__PURE__ */ ([] as string[]).concat(CONFIG_ATTRIBUTES, FACADE_ATTRIBUTES) as unknown as readonly [
  ...typeof CONFIG_ATTRIBUTES,
  ...typeof FACADE_ATTRIBUTES,
];

export type AttributeName = (typeof ATTRIBUTES)[number];

/** `chat-label` → `chatLabel`, at the type level. */
export type CamelName<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelName<Tail>>}` : S;

/** An attribute's camelCase name. */
export function camelName<S extends string>(attribute: S): CamelName<S> {
  return attribute.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as CamelName<S>;
}
