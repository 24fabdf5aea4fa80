/** Resolves `$ref`s against the document's `components.schemas`. */
export declare function dereferencer(schemas: Record<string, any>): (schema: unknown) => Record<string, any>;
/** The smallest value each schema accepts (required fields only, first enum value, first oneOf branch). */
export declare function sampler(schemas: Record<string, any>): (schema: unknown) => unknown;
