#!/usr/bin/env node
// Generates sdk/src/platform/generated/openapi.ts from the platform's OpenAPI document.
//
//   npm run gen:types -- <path or http(s) URL of the OpenAPI document> [output]
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
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readDocument } from './read-document.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
export const DEFAULT_INPUT = '../shared/spec/vapi-openapi.json';
export const DEFAULT_OUTPUT = 'sdk/src/platform/generated/openapi.ts';

/**
 * Rewrites every schema that says `type: "object"` but lists only string `enum` values into
 * `type: "string"`. Mutates `doc` in place and returns the JSON pointers it changed.
 * @param {unknown} doc an OpenAPI document (parsed JSON)
 * @returns {string[]}
 */
export function normaliseEnumTypes(doc) {
  const changed = [];
  const visit = (node, pointer) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, `${pointer}/${i}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (
      node.type === 'object' &&
      Array.isArray(node.enum) &&
      node.enum.length > 0 &&
      node.enum.every((v) => typeof v === 'string')
    ) {
      node.type = 'string';
      changed.push(pointer);
    }
    for (const [key, child] of Object.entries(node)) {
      visit(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(doc, '#');
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

/**
 * Lifts every schema of `components.schemas` out of the one giant interface into its own exported
 * declaration (`export interface Call { … }`, or `export type X = …` for unions), and leaves
 * `components.schemas.Call: Call` behind. Editors then show `Call` and `Assistant` on hover
 * instead of expanding the object, and `components['schemas']['Call']` keeps working.
 * @param {readonly import('typescript').Node[]} statements openapi-typescript's AST
 * @param {typeof import('typescript')} ts
 * @returns {{ statements: import('typescript').Node[]; named: string[] }}
 */
export function nameSchemas(statements, ts) {
  const f = ts.factory;
  const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
  const named = [];
  const lifted = [];
  const out = statements.map((statement) => {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'components') return statement;
    const members = statement.members.map((member) => {
      const schemas = member;
      if (!ts.isPropertySignature(schemas) || !ts.isIdentifier(schemas.name) || schemas.name.text !== 'schemas') return member;
      if (!schemas.type || !ts.isTypeLiteralNode(schemas.type)) return member;
      const inner = schemas.type.members.map((schema) => {
        if (!ts.isPropertySignature(schema) || !schema.type) return schema;
        const name = ts.isIdentifier(schema.name) || ts.isStringLiteral(schema.name) ? schema.name.text : undefined;
        if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || ['paths', 'components', 'operations', 'webhooks'].includes(name)) return schema;
        const declaration = ts.isTypeLiteralNode(schema.type)
          ? f.createInterfaceDeclaration(exported, name, undefined, undefined, schema.type.members)
          : f.createTypeAliasDeclaration(exported, name, undefined, schema.type);
        const comments = ts.getSyntheticLeadingComments(schema);
        if (comments) ts.setSyntheticLeadingComments(declaration, comments);
        lifted.push(declaration);
        named.push(name);
        const reference = f.updatePropertySignature(schema, schema.modifiers, schema.name, schema.questionToken, f.createTypeReferenceNode(name));
        ts.setSyntheticLeadingComments(reference, undefined);
        return reference;
      });
      return f.updatePropertySignature(schemas, schemas.modifiers, schemas.name, schemas.questionToken, f.createTypeLiteralNode(inner));
    });
    return f.updateInterfaceDeclaration(statement, statement.modifiers, statement.name, statement.typeParameters, statement.heritageClauses, members);
  });
  return { statements: [...out, ...lifted], named };
}

async function main() {
  const output = resolve(repoRoot, process.argv[3] ?? DEFAULT_OUTPUT);
  const doc = await readDocument(process.argv[2] ?? DEFAULT_INPUT, repoRoot);
  const changes = normaliseDocument(doc);
  const changed = changes.enumTypes;
  for (const p of changes.enumTypes) console.log(`normalised type: object -> string at ${p}`);
  for (const p of changes.emptyEnums) console.log(`dropped a branch with an empty enum at ${p}`);
  for (const p of changes.regexLiterals) console.log(`unwrapped a regex literal at ${p}`);
  for (const p of changes.placeholders) console.log(`removed a placeholder pattern at ${p}`);

  const started = performance.now();
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(doc, {
    alphabetize: false,
    exportType: false,
    // A default in the document is a server-side default: the field stays optional in requests.
    defaultNonNullable: false,
  });
  const banner =
    '/* eslint-disable */\n' +
    '// Generated by sdk/scripts/gen-types.mjs from the platform OpenAPI document. Do not edit.\n' +
    `// Normalised ${changed.length} enum schema(s) declared as type: object, dropped ${changes.emptyEnums.length} empty enum branch(es),\n` +
    `// unwrapped ${changes.regexLiterals.length} regex-literal pattern(s), removed ${changes.placeholders.length} placeholder pattern(s).\n\n`;
  const ts = (await import('typescript')).default;
  const { statements, named } = nameSchemas(ast, ts);
  console.log(`named ${named.length} schemas as their own declarations`);
  const text = banner + astToString(statements);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, text);
  const lines = text.split('\n').length;
  console.log(`wrote ${output}: ${lines} lines in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
