/** A body property's JSON type: s(tring), n(umber), i(nteger), b(oolean), a(rray), o(bject), or its enum values. */
export type FieldType = 's' | 'n' | 'i' | 'b' | 'a' | 'o' | string[];
/** Each JSON request body's top-level property types, by `METHOD /path/:`. */
export declare const BODY_FIELDS: Record<string, Record<string, FieldType>>;
/** Each success answer's required entity fields and their smallest values (`$uuid`, `$now` are filled at answer time). */
export declare const RESPONSE_FIELDS: Record<string, Record<string, unknown>>;
/** Each operation's smallest valid success answer. */
export declare const SAMPLES: Record<string, {
    status: number;
    body: unknown;
}>;
