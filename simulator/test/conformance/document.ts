// The platform's OpenAPI document for conformance tests: loaded once, repaired by the same
// normalisation the type generator uses, with an ajv validator for any of its schemas.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
// The repository's repair of the document: the very one the SDK's types were generated with.
import { normaliseDocument } from '@helena/openapi-tools/normalise-document';

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

const file = fileURLToPath(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url));
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

/** Validators for the document's schemas, compiled once each; `rewrite` adapts the JSON text of schema and components alike. */
function validators(rewrite: (json: string) => string = (json) => json): (schema: Schema) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
  addFormats.default(ajv);
  ajv.addSchema(JSON.parse(rewrite(JSON.stringify({ components: doc.components }))), 'doc');
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(JSON.parse(rewrite(key).replace(/"#\/components\//g, '"doc#/components/')))));
    return fn;
  };
}

/** A validator for a schema of the document (refs resolve against its components). */
export const validator = validators();

/**
 * The same with every `oneOf` read as `anyOf`. Many of the document's `oneOf`s list a string enum
 * beside a plain string (`voiceId`), so a value of the enum matches two branches and no body with
 * it could pass; a body this one refuses fits no branch at all, a refusal the document shares.
 */
export const lenientValidator = validators((json) => json.replace(/"oneOf":/g, '"anyOf":'));
