import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { dropEmptyEnums, normaliseDocument, normaliseEnumTypes, normalisePatterns } from '@helena/openapi-tools/normalise-document';

// A small copy of the published document's defect: BackoffPlan.type says `type: object` but is a
// string enum.
const fixture = () => ({
  openapi: '3.0.0',
  info: { title: 'fixture', version: '1' },
  paths: {},
  components: {
    schemas: {
      BackoffPlan: {
        type: 'object',
        properties: {
          type: { type: 'object', enum: ['fixed', 'exponential'], example: 'fixed' },
          maxRetries: { type: 'number' },
        },
      },
      Mixed: {
        type: 'object',
        properties: {
          realObject: { type: 'object', properties: { a: { type: 'string' } } },
          list: { type: 'array', items: { type: 'object', enum: ['a/b', 'c'] } },
        },
      },
    },
  },
});

describe('normaliseEnumTypes', () => {
  it('turns type: object with a string enum into type: string and reports where', () => {
    const doc = fixture();
    const changed = normaliseEnumTypes(doc);
    expect(changed).toEqual([
      '#/components/schemas/BackoffPlan/properties/type',
      '#/components/schemas/Mixed/properties/list/items',
    ]);
    expect(doc.components.schemas.BackoffPlan.properties.type).toEqual({
      type: 'string',
      enum: ['fixed', 'exponential'],
      example: 'fixed',
    });
    // Real objects are left alone, and a second pass finds nothing.
    expect(doc.components.schemas.Mixed.properties.realObject.type).toBe('object');
    expect(normaliseEnumTypes(doc)).toEqual([]);
  });

  it('leaves enums that are not all strings alone', () => {
    const schema = { type: 'object', enum: [1, 'two'] };
    expect(normaliseEnumTypes({ schema })).toEqual([]);
    expect(schema.type).toBe('object');
  });

  it('is what lets openapi-typescript generate the types', async () => {
    await expect(openapiTS(fixture() as any)).rejects.toThrow();
    const doc = fixture();
    normaliseEnumTypes(doc);
    const out = astToString(await openapiTS(doc as any));
    expect(out).toContain('type?: "fixed" | "exponential"');
  });
});

describe('the other defects of the published document', () => {
  it('drops a oneOf branch whose enum is empty, so the other branch can match', () => {
    const voiceId = { oneOf: [{ type: 'string', enum: [] }, { type: 'string', title: 'Voice ID' }] };
    expect(dropEmptyEnums({ voiceId })).toEqual(['#/voiceId/oneOf/0']);
    expect(voiceId.oneOf).toEqual([{ type: 'string', title: 'Voice ID' }]);
  });

  it('unwraps regex-literal patterns so a validator reads the intended expression', () => {
    const schema = { type: 'string', pattern: '/^[a-zA-Z0-9_-]{1,64}$/' };
    const before = new Ajv({ strict: false }).compile({ ...schema });
    // As published, the slashes are part of the expression: a valid function name is rejected.
    expect(before('get_weather')).toBe(false);
    expect(normalisePatterns({ schema })).toEqual({ regexLiterals: ['#/schema/pattern'], placeholders: [] });
    const after = new Ajv({ strict: false }).compile(schema);
    expect(after('get_weather')).toBe(true);
    expect(after('has space')).toBe(false);
  });

  it('keeps a unicode regex literal working without its flag', () => {
    const schema = { type: 'string', pattern: '/^\\p{L}[\\p{L}\\d]*(?::[+-]?\\d+)?$/u' };
    normalisePatterns({ schema });
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate('señal:2')).toBe(true);
    expect(validate('1abc')).toBe(false);
  });

  it('removes a placeholder pattern that would reject every real value', () => {
    const role = { pattern: 'ORG_ROLE_OR_CUSTOM_ROLE_PATTERN', oneOf: [{ type: 'string', enum: ['admin'] }, { type: 'string', pattern: '^org-[a-z0-9-]+$' }] };
    expect(normalisePatterns({ role }).placeholders).toEqual(['#/role/pattern']);
    const validate = new Ajv({ strict: false }).compile(role);
    expect(validate('admin')).toBe(true);
    expect(validate('org-sales')).toBe(true);
    expect(validate('owner')).toBe(false);
  });

  it('finds exactly the known defects in the platform document', () => {
    const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url)), 'utf8'));
    const changes = normaliseDocument(doc);
    expect(changes.enumTypes).toHaveLength(4);
    expect(changes.emptyEnums).toEqual([
      '#/components/schemas/NeuphonicVoice/properties/voiceId/oneOf/0',
      '#/components/schemas/FallbackNeuphonicVoice/properties/voiceId/oneOf/0',
    ]);
    expect(changes.regexLiterals).toHaveLength(21);
    expect(changes.placeholders).toEqual([
      '#/components/schemas/InviteUserDTO/properties/role/pattern',
      '#/components/schemas/UpdateUserRoleDTO/properties/role/pattern',
    ]);
    // Idempotent: a second pass finds nothing.
    expect(normaliseDocument(doc)).toEqual({ enumTypes: [], emptyEnums: [], regexLiterals: [], placeholders: [] });
  });
});
