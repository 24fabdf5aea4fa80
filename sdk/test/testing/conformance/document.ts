// The platform's OpenAPI document for conformance tests: loaded once, repaired by the same
// normalisation the type generator uses, with an ajv validator for any of its schemas.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { normaliseDocument } from '../../../scripts/gen-types.mjs';

export type Schema = Record<string, any>;
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const file = fileURLToPath(new URL('../../../../../shared/spec/vapi-openapi.json', import.meta.url));
export const doc = JSON.parse(readFileSync(file, 'utf8'));
normaliseDocument(doc);
// OpenAPI 3.0's `nullable` only qualifies a `type`; ajv refuses it alone. Such a schema (a bare
// `$ref` or `oneOf` marked nullable) accepts null as well.
(function allowNull(node: any): void {
  if (Array.isArray(node)) return node.forEach(allowNull);
  if (!node || typeof node !== 'object') return;
  if (node.nullable !== undefined && node.type === undefined) {
    const { nullable, ...rest } = node;
    for (const k of Object.keys(node)) delete node[k];
    Object.assign(node, nullable ? { anyOf: [rest, { type: 'null' }] } : rest);
  }
  Object.values(node).forEach(allowNull);
})(doc);
const schemas: Record<string, Schema> = doc.components.schemas;

// SystemMessage and UserMessage require the same fields and neither restricts `role`, so every
// user message matches both and no answer could satisfy the message `oneOf` of Chat and Session.
// The union is read as `anyOf` (at least one shape), the only reading an answer can meet.
const MESSAGE_UNION = /"oneOf":\[\{"\$ref":"#\/components\/schemas\/SystemMessage"/;
for (const name of ['Chat', 'Session']) {
  const items = schemas[name]?.properties?.messages?.items;
  if (items?.oneOf && MESSAGE_UNION.test(JSON.stringify(items))) {
    items.anyOf = items.oneOf;
    delete items.oneOf;
  }
}

export const operations: Operation[] = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([verb]) => ['get', 'post', 'put', 'patch', 'delete'].includes(verb))
    .map(([verb, op]) => ({ method: verb.toUpperCase(), path, parameters: op.parameters ?? [], requestBody: op.requestBody, responses: op.responses })),
);

export const deref = (s: Schema | undefined): Schema => (s?.$ref ? deref(schemas[s.$ref.split('/').pop()!]) : (s ?? {}));

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
addFormats.default(ajv);
ajv.addSchema({ components: doc.components }, 'doc');
const compiled = new Map<string, ValidateFunction>();

/** A validator for a schema of the document (refs resolve against its components). */
export function validator(schema: Schema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    const rewritten = JSON.parse(key.replace(/"#\/components\//g, '"doc#/components/'));
    compiled.set(key, (fn = ajv.compile(rewritten)));
  }
  return fn;
}
