import { describe, expect, it } from 'vitest';
import { geminiParametersViolations } from './gemini-schema-rules.ts';

const params = (properties: Record<string, unknown>) => ({ type: 'OBJECT', properties });
const violations = (properties: Record<string, unknown>) => geminiParametersViolations(params(properties));

/** The validator is the test oracle for real servers' schemas, so it has to be able to say no. */
describe('geminiParametersViolations (Gemini Schema rules)', () => {
  it('accepts a schema that uses every field correctly', () => {
    expect(
      violations({
        s: { type: 'STRING', format: 'enum', enum: ['a', 'b'], minLength: 1, maxLength: '9', pattern: '^a' },
        n: { type: 'NUMBER', format: 'double', minimum: 0, maximum: 1.5, nullable: true },
        i: { type: 'INTEGER', format: 'int64', title: 'I', description: 'd', default: 3, example: 4 },
        b: { type: 'BOOLEAN' },
        z: { type: 'NULL' },
        a: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 0, maxItems: 3 },
        o: {
          type: 'OBJECT',
          properties: { x: { type: 'STRING' } },
          required: ['x'],
          propertyOrdering: ['x'],
          minProperties: 1,
          maxProperties: 2,
        },
        u: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
        free: { type: 'OBJECT' },
      }),
    ).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown field',
      { a: { type: 'STRING', additionalProperties: false } },
      'parameters.properties[a].additionalProperties: not a Schema field',
    ],
    ['a lower-case type', { a: { type: 'string' } }, 'parameters.properties[a].type: "string" is not one of'],
    [
      'a missing type',
      { a: { description: 'x' } },
      'parameters.properties[a].type: must be specified when not using anyOf',
    ],
    [
      'type beside anyOf',
      { a: { type: 'STRING', anyOf: [{ type: 'STRING' }] } },
      'type and anyOf are both set',
    ],
    [
      'a number enum',
      { a: { type: 'INTEGER', enum: [1, 2] } },
      'parameters.properties[a].enum: only allowed for STRING type',
    ],
    [
      'an enum of numbers on a string',
      { a: { type: 'STRING', enum: [1] } },
      'enum: must be a non-empty list of strings',
    ],
    [
      'a format of another type',
      { a: { type: 'STRING', format: 'int64' } },
      '"int64" is not a format of STRING type',
    ],
    ['format enum without enum', { a: { type: 'STRING', format: 'enum' } }, '"enum" needs an enum'],
    [
      'properties on a string',
      { a: { type: 'STRING', properties: {} } },
      'properties: only allowed for OBJECT type',
    ],
    [
      'required naming nothing',
      { a: { type: 'OBJECT', properties: { x: { type: 'STRING' } }, required: ['y'] } },
      'required: property "y" is not defined',
    ],
    ['an array without items', { a: { type: 'ARRAY' } }, 'parameters.properties[a].items: missing field'],
    [
      'minItems negative',
      { a: { type: 'ARRAY', items: { type: 'STRING' }, minItems: -1 } },
      'minItems: must be a non-negative integer',
    ],
    [
      'minimum on a string',
      { a: { type: 'STRING', minimum: 1 } },
      'minimum: only allowed for NUMBER/INTEGER type',
    ],
    ['a non-string description', { a: { type: 'STRING', description: 5 } }, 'description: must be a string'],
    ['an empty anyOf', { a: { anyOf: [] } }, 'anyOf: must be a non-empty list'],
    [
      'a nested bad anyOf member',
      { a: { anyOf: [{ type: 'STRING', const: 'x' }] } },
      'anyOf[0].const: not a Schema field',
    ],
  ])('flags %s', (_what, properties, expected) => {
    expect(violations(properties).join('\n')).toContain(expected);
  });

  it('the parameters themselves must be an OBJECT with properties', () => {
    expect(geminiParametersViolations({ type: 'OBJECT' })).toContain(
      'parameters.properties: should be non-empty for OBJECT type',
    );
    expect(geminiParametersViolations({ type: 'STRING' })).toContain('parameters.type: must be OBJECT');
    expect(geminiParametersViolations('x')).toEqual(['parameters: is not a schema object']);
  });
});
