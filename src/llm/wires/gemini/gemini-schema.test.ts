import { describe, expect, it } from 'vitest';
import { toGeminiSchema } from './gemini-schema.ts';

const golden = (schema: unknown): string => JSON.stringify(toGeminiSchema(schema));

describe('toGeminiSchema (JSON Schema -> OpenAPI 3.0 subset, allowlist)', () => {
  it('drops every key outside the allowlist, at every depth, and writes Gemini Type names', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      type: 'object',
      additionalProperties: false,
      properties: {
        tags: {
          type: 'array',
          uniqueItems: true,
          items: { type: 'string', exclusiveMinimum: 1, 'x-custom': 1, pattern: '^[a-z]+$' },
          minItems: 1,
        },
        nested: { type: 'object', patternProperties: { '^a': {} }, properties: { a: { type: 'number' } } },
      },
      required: ['tags'],
      $defs: { Foo: { type: 'string' } },
      examples: ['x'],
    };
    expect(golden(schema)).toBe(
      JSON.stringify({
        type: 'OBJECT',
        properties: {
          tags: { type: 'ARRAY', items: { type: 'STRING', pattern: '^[a-z]+$' }, minItems: 1 },
          nested: { type: 'OBJECT', properties: { a: { type: 'NUMBER' } } },
        },
        required: ['tags'],
      }),
    );
  });

  it('property NAMES are never filtered, even when they look like keywords', () => {
    expect(
      golden({ type: 'object', properties: { $schema: { type: 'string' }, additionalProperties: true } }),
    ).toBe(
      JSON.stringify({
        type: 'OBJECT',
        properties: { $schema: { type: 'STRING' }, additionalProperties: { type: 'STRING' } },
      }),
    );
  });

  it('a property named __proto__ stays an own property and never touches the prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","x":1}}}',
    ) as unknown;
    const out = toGeminiSchema(schema);
    expect(JSON.stringify(out)).toBe('{"type":"OBJECT","properties":{"__proto__":{"type":"STRING"}}}');
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
  });

  it('a string const is a STRING enum; a typeless one gets its type', () => {
    expect(golden({ type: 'string', const: 'on' })).toBe(JSON.stringify({ type: 'STRING', enum: ['on'] }));
    expect(golden({ const: 'fast', description: 'Mode' })).toBe(
      JSON.stringify({ type: 'STRING', description: 'Mode', enum: ['fast'] }),
    );
  });

  it('number and boolean enums / consts keep their type and move the values into the description', () => {
    expect(golden({ type: 'integer', enum: [1, 2, 3], description: 'Level.' })).toBe(
      JSON.stringify({ type: 'INTEGER', description: 'Level. Allowed values: 1, 2, 3.' }),
    );
    expect(golden({ type: 'number', const: 0.5 })).toBe(
      JSON.stringify({ type: 'NUMBER', description: 'Must be 0.5.' }),
    );
    expect(golden({ const: true })).toBe(JSON.stringify({ type: 'BOOLEAN', description: 'Must be true.' }));
    expect(golden({ enum: [1, 2.5] })).toBe(
      JSON.stringify({ type: 'NUMBER', description: 'Allowed values: 1, 2.5.' }),
    );
    // An empty enum admits nothing; the description says so rather than "Allowed values: .".
    expect(golden({ type: 'integer', enum: [] })).toBe(
      JSON.stringify({ type: 'INTEGER', description: 'No value is allowed.' }),
    );
    // Declared string with a stray number: the number could never pass, so it is left out.
    expect(golden({ type: 'string', enum: ['a', 7] })).toBe(JSON.stringify({ type: 'STRING', enum: ['a'] }));
  });

  it('values of several kinds without a type become an anyOf, the string ones still an enum', () => {
    expect(golden({ enum: ['auto', 0, false] })).toBe(
      JSON.stringify({
        description: 'Allowed values: "auto", 0, false.',
        anyOf: [{ type: 'STRING', enum: ['auto'] }, { type: 'INTEGER' }, { type: 'BOOLEAN' }],
      }),
    );
  });

  it('the description of allowed values is bounded', () => {
    const out = toGeminiSchema({ type: 'integer', enum: Array.from({ length: 5000 }, (_, i) => i) });
    expect(String(out.description)).toContain('(and 4960 more)');
    expect(String(out.description).length).toBeLessThan(400);
  });

  it('type ["string","null"] -> STRING + nullable; several types -> anyOf, each with its own keywords', () => {
    expect(golden({ type: ['string', 'null'], description: 'd' })).toBe(
      JSON.stringify({ type: 'STRING', nullable: true, description: 'd' }),
    );
    expect(golden({ type: ['null', 'integer'] })).toBe(JSON.stringify({ type: 'INTEGER', nullable: true }));
    expect(golden({ type: ['string', 'number', 'null'], minLength: 2, maximum: 9 })).toBe(
      JSON.stringify({
        nullable: true,
        anyOf: [
          { type: 'STRING', minLength: 2 },
          { type: 'NUMBER', maximum: 9 },
        ],
      }),
    );
  });

  it('a nullable object keeps its properties (type ["object","null"])', () => {
    expect(golden({ type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'] })).toBe(
      JSON.stringify({
        type: 'OBJECT',
        nullable: true,
        properties: { a: { type: 'STRING' } },
        required: ['a'],
      }),
    );
  });

  it('anyOf with a {type:"null"} member -> nullable (merged when one member is left)', () => {
    expect(golden({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'd' })).toBe(
      JSON.stringify({ type: 'STRING', nullable: true, description: 'd', maxLength: 5 }),
    );
    expect(golden({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] })).toBe(
      JSON.stringify({ nullable: true, anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] }),
    );
    expect(golden({ anyOf: [{ const: 'a' }, { type: 'null' }] })).toBe(
      JSON.stringify({ type: 'STRING', nullable: true, enum: ['a'] }),
    );
  });

  it('null inside enum -> nullable', () => {
    expect(golden({ type: 'string', enum: ['a', null] })).toBe(
      JSON.stringify({ type: 'STRING', nullable: true, enum: ['a'] }),
    );
  });

  it('oneOf reads as anyOf; allOf is merged into one schema', () => {
    expect(golden({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe(
      JSON.stringify({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] }),
    );
    expect(
      golden({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      }),
    ).toBe(
      JSON.stringify({
        type: 'OBJECT',
        properties: { a: { type: 'STRING' }, b: { type: 'INTEGER' } },
        required: ['a', 'b'],
      }),
    );
  });

  it('type and anyOf never travel together: the parent keywords go into each member', () => {
    expect(
      golden({
        type: 'object',
        description: 'Target',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        anyOf: [{ required: ['id'] }, { required: ['name'] }],
      }),
    ).toBe(
      JSON.stringify({
        description: 'Target',
        anyOf: [
          {
            type: 'OBJECT',
            properties: { id: { type: 'STRING' }, name: { type: 'STRING' } },
            required: ['id'],
          },
          {
            type: 'OBJECT',
            properties: { id: { type: 'STRING' }, name: { type: 'STRING' } },
            required: ['name'],
          },
        ],
      }),
    );
  });

  it('object-only, array-only and string-only fields stay on their type; required names only real properties', () => {
    expect(
      golden({
        type: 'string',
        properties: { a: { type: 'string' } },
        required: ['a'],
        items: {},
        minimum: 1,
      }),
    ).toBe(JSON.stringify({ type: 'STRING' }));
    expect(
      golden({
        type: 'object',
        properties: { a: { type: 'string' }, gone: false },
        required: ['a', 'b', 'gone', 'a'],
      }),
    ).toBe(JSON.stringify({ type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a'] }));
  });

  it('keeps only the formats of the node’s own type; format "enum" only beside an enum', () => {
    expect(golden({ type: 'string', format: 'date-time' })).toBe(
      JSON.stringify({ type: 'STRING', format: 'date-time' }),
    );
    expect(golden({ type: 'string', format: 'email' })).toBe(JSON.stringify({ type: 'STRING' }));
    expect(golden({ type: 'integer', format: 'int64' })).toBe(
      JSON.stringify({ type: 'INTEGER', format: 'int64' }),
    );
    expect(golden({ type: 'string', format: 'int64' })).toBe(JSON.stringify({ type: 'STRING' }));
    expect(golden({ type: 'integer', format: 'enum', enum: [1, 2] })).toBe(
      JSON.stringify({ type: 'INTEGER', description: 'Allowed values: 1, 2.' }),
    );
  });

  it('arrays always carry items: a missing item schema is text, a tuple is any of its members', () => {
    expect(golden({ type: 'array' })).toBe(JSON.stringify({ type: 'ARRAY', items: { type: 'STRING' } }));
    expect(golden({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] })).toBe(
      JSON.stringify({ type: 'ARRAY', items: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] } }),
    );
    expect(golden({ type: 'array', prefixItems: [{ type: 'number' }], items: false })).toBe(
      JSON.stringify({ type: 'ARRAY', items: { type: 'NUMBER' } }),
    );
  });

  it('a schema without a type gets one from its keywords; "any value" is narrowed to STRING', () => {
    expect(golden({ properties: { a: {} } })).toBe(
      JSON.stringify({ type: 'OBJECT', properties: { a: { type: 'STRING' } } }),
    );
    expect(golden({ items: { type: 'integer' } })).toBe(
      JSON.stringify({ type: 'ARRAY', items: { type: 'INTEGER' } }),
    );
    expect(golden({ maximum: 3 })).toBe(JSON.stringify({ type: 'NUMBER', maximum: 3 }));
    expect(golden({ description: 'Anything' })).toBe(
      JSON.stringify({ type: 'STRING', description: 'Anything' }),
    );
    expect(toGeminiSchema(true)).toEqual({ type: 'STRING' });
    expect(toGeminiSchema(null)).toEqual({ type: 'STRING' });
  });

  it('refuses a schema nested deeper than the limit instead of recursing without end', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i += 1) deep = { type: 'object', properties: { x: deep } };
    expect(() => toGeminiSchema(deep)).toThrow(/nested more than 64 levels/);
    let choices: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5000; i += 1) choices = { anyOf: [choices, { type: 'null' }] };
    expect(() => toGeminiSchema(choices)).toThrow(/nested more than 64 levels/);
  });
});
