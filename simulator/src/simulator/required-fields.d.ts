export interface RequiredFieldsEntry {
    /** The request DTO(s) of the route in the document. */
    dto?: string;
    media?: 'json' | 'multipart';
    /** Required top-level fields of a plain body. */
    required?: string[];
    /** For a discriminated `oneOf` body: the discriminating property and each variant's required fields. */
    discriminator?: string;
    variants?: Record<string, string[]>;
}
export declare const REQUIRED_FIELDS: Record<string, RequiredFieldsEntry>;
/** Collection GET routes of the document: a bare array, or a `{results, metadata}` page. */
export declare const LIST_SHAPES: Record<string, 'array' | 'paginated'>;
