import { describe, expect, it } from 'vitest';
import { toGeminiParameters, toGeminiSchema } from './gemini-schema.ts';

const golden = (schema: unknown): string => JSON.stringify(toGeminiSchema(schema));

describe('toGeminiSchema (JSON Schema -> OpenAPI 3.0 subset, allowlist)', () => {
  it('drops every key outside the allowlist, at every depth', () => {
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
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, minItems: 1 },
          nested: { type: 'object', properties: { a: { type: 'number' } } },
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
        type: 'object',
        properties: { $schema: { type: 'string' }, additionalProperties: {} },
      }),
    );
  });

  it('a property named __proto__ stays an own property and never touches the prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","x":1}}}',
    ) as unknown;
    const out = toGeminiSchema(schema);
    expect(JSON.stringify(out)).toBe('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
  });

  it('const -> enum', () => {
    expect(golden({ type: 'string', const: 'on' })).toBe(JSON.stringify({ type: 'string', enum: ['on'] }));
  });

  it('type ["string","null"] -> type string + nullable; several types -> anyOf', () => {
    expect(golden({ type: ['string', 'null'], description: 'd' })).toBe(
      JSON.stringify({ type: 'string', nullable: true, description: 'd' }),
    );
    expect(golden({ type: ['null', 'integer'] })).toBe(JSON.stringify({ type: 'integer', nullable: true }));
    expect(golden({ type: ['string', 'number', 'null'] })).toBe(
      JSON.stringify({ nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] }),
    );
  });

  it('anyOf with a {type:"null"} member -> nullable (merged when one member is left)', () => {
    expect(golden({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'd' })).toBe(
      JSON.stringify({ type: 'string', nullable: true, description: 'd', maxLength: 5 }),
    );
    expect(golden({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] })).toBe(
      JSON.stringify({ nullable: true, anyOf: [{ type: 'string' }, { type: 'integer' }] }),
    );
    expect(golden({ anyOf: [{ const: 'a' }, { type: 'null' }] })).toBe(
      JSON.stringify({ nullable: true, enum: ['a'] }),
    );
  });

  it('null inside enum -> nullable', () => {
    expect(golden({ type: 'string', enum: ['a', null] })).toBe(
      JSON.stringify({ type: 'string', nullable: true, enum: ['a'] }),
    );
  });

  it('keeps only formats Gemini knows; $ref is not resolved (dropped); tuples are dropped', () => {
    expect(golden({ type: 'string', format: 'date-time' })).toBe(
      JSON.stringify({ type: 'string', format: 'date-time' }),
    );
    expect(golden({ type: 'string', format: 'email' })).toBe(JSON.stringify({ type: 'string' }));
    expect(golden({ $ref: '#/$defs/Foo' })).toBe(JSON.stringify({}));
    expect(golden({ type: 'array', items: [{ type: 'string' }] })).toBe(JSON.stringify({ type: 'array' }));
  });

  it('non-object input reads as an unconstrained schema', () => {
    expect(toGeminiSchema(true)).toEqual({});
    expect(toGeminiSchema(null)).toEqual({});
  });
});

describe('toGeminiParameters', () => {
  it('omits an object schema without properties (Gemini 400s on an empty OBJECT)', () => {
    expect(toGeminiParameters({ type: 'object' })).toBeUndefined();
    expect(
      toGeminiParameters({ type: 'object', properties: {}, additionalProperties: false }),
    ).toBeUndefined();
    expect(toGeminiParameters({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });
});
