// The smallest value a schema of an OpenAPI document accepts: required fields only, the first
// enum value, the first oneOf branch, formats honoured. Shared by the simulator's table generator
// and the conformance tests.

const STRING_FORMATS = {
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'ada@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

/**
 * @param {Record<string, any>} schemas the document's `components.schemas`
 * @returns {(schema: unknown) => Record<string, any>}
 */
export const dereferencer = (schemas) => {
  const deref = (s) => (s && s.$ref ? deref(schemas[s.$ref.split('/').pop()]) : (s ?? {}));
  return deref;
};

/**
 * @param {Record<string, any>} schemas the document's `components.schemas`
 * @returns {(schema: unknown) => unknown}
 */
export function sampler(schemas) {
  const deref = dereferencer(schemas);
  const sample = (input, depth = 0) => {
    const s = deref(input);
    if (depth > 12) return undefined;
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
    if (s.allOf) return Object.assign({}, ...s.allOf.map((p) => sample(p, depth + 1)));
    if (s.oneOf?.length || s.anyOf?.length) return sample((s.oneOf ?? s.anyOf)[0], depth + 1);
    switch (s.type) {
      case 'string':
        if (s.format && STRING_FORMATS[s.format]) return STRING_FORMATS[s.format];
        return 'sample'.padEnd(Math.max(s.minLength ?? 0, 1), 'x').slice(0, s.maxLength ?? 64);
      case 'number':
      case 'integer':
        return s.minimum ?? 1;
      case 'boolean':
        return true;
      case 'array':
        return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
      default: {
        const out = {};
        for (const name of s.required ?? []) out[name] = sample(s.properties?.[name], depth + 1);
        return out;
      }
    }
  };
  return sample;
}
