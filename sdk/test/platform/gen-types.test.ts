import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { normaliseEnumTypes } from '../../scripts/gen-types.mjs';

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
