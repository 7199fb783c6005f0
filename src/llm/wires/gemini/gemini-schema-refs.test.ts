import { describe, expect, it } from 'vitest';
import { toGeminiParameters } from './gemini-declarations.ts';
import { GeminiSchemaRefusal } from './gemini-schema-refusal.ts';
import { inlineLocalRefs } from './gemini-schema-refs.ts';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof GeminiSchemaRefusal) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('local $ref resolution for Gemini', () => {
  it('resolves #/$defs and #/definitions, with sibling keywords over the target', () => {
    const schema = {
      type: 'object',
      properties: {
        point: { $ref: '#/$defs/Point', description: 'Where' },
        unit: { $ref: '#/definitions/Unit' },
      },
      required: ['point'],
      $defs: { Point: { type: 'object', description: 'A point', properties: { x: { type: 'number' } } } },
      definitions: { Unit: { type: 'string', enum: ['m', 'km'] } },
    };
    expect(toGeminiParameters(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        point: { type: 'OBJECT', description: 'Where', properties: { x: { type: 'NUMBER' } } },
        unit: { type: 'STRING', enum: ['m', 'km'] },
      },
      required: ['point'],
    });
    // Data is left alone: a "$ref" key inside a default value, and a property named $ref.
    const data = { type: 'object', properties: { $ref: { type: 'string', default: { $ref: 'not a ref' } } } };
    expect(inlineLocalRefs(data)).toEqual(data);
  });

  it('resolves refs under properties named like data keywords (default, enum, const, examples)', () => {
    const schema = {
      type: 'object',
      $defs: {
        Mode: { type: 'string', enum: ['a', 'b'] },
        Box: { type: 'object', properties: { w: { type: 'integer' } } },
      },
      properties: {
        default: { $ref: '#/$defs/Mode' },
        enum: { $ref: '#/$defs/Box' },
        const: { type: 'object', properties: { examples: { $ref: '#/$defs/Mode' } } },
      },
    };
    expect(toGeminiParameters(schema)?.properties).toEqual({
      default: { type: 'STRING', enum: ['a', 'b'] },
      enum: { type: 'OBJECT', properties: { w: { type: 'INTEGER' } } },
      const: { type: 'OBJECT', properties: { examples: { type: 'STRING', enum: ['a', 'b'] } } },
    });
  });

  it('follows refs to refs and JSON-pointer escapes (~1, ~0, %25)', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/a~1b' }, c: { $ref: '#/$defs/t~0il%25de' } },
      $defs: { 'a/b': { $ref: '#/$defs/Final' }, 't~il%de': { type: 'integer' }, Final: { type: 'boolean' } },
    };
    expect(inlineLocalRefs(schema)).toMatchObject({
      properties: { a: { type: 'boolean' }, c: { type: 'integer' } },
    });
  });

  it('a ref used twice (not a cycle) is expanded both times', () => {
    const schema = {
      type: 'object',
      properties: { from: { $ref: '#/$defs/Place' }, to: { $ref: '#/$defs/Place' } },
      $defs: { Place: { type: 'string' } },
    };
    expect(toGeminiParameters(schema)?.properties).toEqual({
      from: { type: 'STRING' },
      to: { type: 'STRING' },
    });
  });

  it('refuses recursion, foreign and dangling refs, by name', () => {
    const recursive = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    };
    expect(refusal(() => toGeminiParameters(recursive))).toBe(
      `$ref "#/$defs/Node" is recursive; Gemini's schema cannot express recursion`,
    );
    expect(
      refusal(() =>
        toGeminiParameters({ type: 'object', properties: { a: { $ref: 'https://x.test/a.json' } } }),
      ),
    ).toContain('$ref "https://x.test/a.json" points outside the tool\'s schema');
    expect(
      refusal(() => toGeminiParameters({ type: 'object', properties: { a: { $ref: '#/$defs/Nope' } } })),
    ).toBe('$ref "#/$defs/Nope" does not point at anything in the schema');
    // Own keys only: the pointer cannot walk into Object.prototype.
    expect(
      refusal(() => toGeminiParameters({ type: 'object', properties: { a: { $ref: '#/__proto__' } } })),
    ).toContain('does not point at anything');
    expect(
      refusal(() => toGeminiParameters({ type: 'object', properties: { a: { $dynamicRef: '#meta' } } })),
    ).toContain('recursive ($dynamicRef)');
  });

  it('bounds the echoed ref and the expansion of a ref DAG (no exponential blow-up)', () => {
    const long = `https://x.test/${'a'.repeat(5000)}`;
    expect(refusal(() => inlineLocalRefs({ $ref: long })).length).toBeLessThan(300);
    // d0 -> 2 x d1 -> 4 x d2 ... : 2^20 leaves if expanded naively.
    const defs: Record<string, unknown> = { d20: { type: 'string' } };
    for (let i = 0; i < 20; i += 1) {
      defs[`d${i}`] = {
        type: 'object',
        properties: { l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } },
      };
    }
    expect(refusal(() => inlineLocalRefs({ $ref: '#/$defs/d0', $defs: defs }))).toContain(
      'more than 10000 parts',
    );
  });
});
