/**
 * A step on the way from a request body to a discriminated union (simulator/scripts/body-unions.mjs):
 * an object's properties that lead to one (`p`), an array's items (`i`), a union without a
 * discriminator, which a value fits when it fits one of its object members (`y`: each member's
 * required fields, the values its required enums allow, its node), or the union itself:
 * its discriminating property `d`, whether every object member requires it (`r`), whether every
 * member is an object (`o`), and per member its values, its other required fields and the node
 * below it (0: none). Node 0 is a placeholder.
 */
export type UnionNode = {
    p: Record<string, number>;
} | {
    i: number;
} | {
    y: [required: string[], enums: Record<string, string[]>, node: number][];
} | {
    d: string;
    r: boolean;
    o: boolean;
    m: [values: string[], required: string[], node: number][];
};
/** The nodes; roots point into this list. */
export declare const UNION_NODES: (UnionNode | null)[];
/** The node of each JSON request body that holds a discriminated union, by `METHOD /path/:`. */
export declare const UNION_ROOTS: Record<string, number>;
