// Repairs of the platform's OpenAPI document, shared by the SDK's type generator
// (sdk/scripts/gen-types.mjs) and the simulator's conformance tables and tests (as
// `@helena/openapi-tools/normalise-document`), so that both are
// built from the very same reading of the document.
//
// The document as published has defects that break generators and validators. `normaliseDocument`
// repairs them in memory, reports each one it touched, and never edits the document itself:
// - a few properties declare `type: object` together with a string `enum` (BackoffPlan.type,
//   TransferPlan.sipVerb, AudioFormat.format, VoiceLibrary.provider): openapi-typescript 7 fails
//   on them; they become `type: string`;
// - a `oneOf` branch with an empty `enum` (NeuphonicVoice.voiceId) matches nothing: it is dropped;
// - patterns written as JavaScript regex literals (`/^[a-z]+$/u`) are not JSON Schema patterns
//   (the slashes would have to be in the value): the slashes and flags are removed;
// - a pattern that is an unexpanded placeholder (`ORG_ROLE_OR_CUSTOM_ROLE_PATTERN`) would reject
//   every valid value: it is removed (the schema's `oneOf` still constrains the value).

/**
 * Rewrites every schema that says `type: "object"` but lists only string `enum` values into
 * `type: "string"`. Mutates `doc` in place and returns the JSON pointers it changed.
 * @param {unknown} doc an OpenAPI document (parsed JSON)
 * @returns {string[]}
 */
export function normaliseEnumTypes(doc) {
  const changed = [];
  walk(doc, '#', (node, pointer) => {
    if (node.type === 'object' && Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((v) => typeof v === 'string')) {
      node.type = 'string';
      changed.push(pointer);
    }
  });
  return changed;
}

const REGEX_LITERAL = /^\/(.*)\/([dgimsuvy]*)$/s;
const PLACEHOLDER = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_PATTERN$/;

/** Visits every object of `doc` with its JSON pointer. */
function walk(node, pointer, visit) {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walk(child, `${pointer}/${i}`, visit));
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node, pointer);
  for (const [key, child] of Object.entries(node)) {
    walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, visit);
  }
}

/**
 * Drops every `oneOf`/`anyOf` branch whose `enum` is empty (it can match no value). Mutates `doc`
 * and returns the pointers of the branches dropped.
 * @param {unknown} doc
 * @returns {string[]}
 */
export function dropEmptyEnums(doc) {
  const changed = [];
  walk(doc, '#', (node, pointer) => {
    for (const key of ['oneOf', 'anyOf']) {
      if (!Array.isArray(node[key])) continue;
      node[key].forEach((branch, i) => {
        if (Array.isArray(branch?.enum) && branch.enum.length === 0) changed.push(`${pointer}/${key}/${i}`);
      });
      node[key] = node[key].filter((branch) => !(Array.isArray(branch?.enum) && branch.enum.length === 0));
    }
  });
  return changed;
}

/**
 * Rewrites `/source/flags` regex-literal patterns to their source, and removes placeholder
 * patterns. Mutates `doc`; returns the pointers of both kinds.
 * @param {unknown} doc
 * @returns {{ regexLiterals: string[]; placeholders: string[] }}
 */
export function normalisePatterns(doc) {
  const regexLiterals = [];
  const placeholders = [];
  walk(doc, '#', (node, pointer) => {
    if (typeof node.pattern !== 'string') return;
    const literal = REGEX_LITERAL.exec(node.pattern);
    if (literal) {
      node.pattern = literal[1];
      regexLiterals.push(`${pointer}/pattern`);
    } else if (PLACEHOLDER.test(node.pattern)) {
      delete node.pattern;
      placeholders.push(`${pointer}/pattern`);
    }
  });
  return { regexLiterals, placeholders };
}

/**
 * Every repair the document needs, in place. Returns what was changed, by kind.
 * @param {unknown} doc
 */
export function normaliseDocument(doc) {
  const enumTypes = normaliseEnumTypes(doc);
  const emptyEnums = dropEmptyEnums(doc);
  const { regexLiterals, placeholders } = normalisePatterns(doc);
  return { enumTypes, emptyEnums, regexLiterals, placeholders };
}
