import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../canonical.ts';
import { toGeminiParameters } from './gemini-declarations.ts';
import { geminiParametersViolations } from './gemini-schema-rules.ts';
import { chatRequest, geminiContext, RECURSIVE_TREE } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

/** The shapes MCP servers write that Gemini refused before (issue 17 §6), each through the whole wire. */
const MCP_LIKE: ToolSpec = {
  name: 'srv__configure',
  description: 'Configure',
  parameters: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      level: { type: 'integer', enum: [1, 2, 3], description: 'Log level' },
      verbose: { const: true },
      ratio: { type: 'number', enum: [0.5, 1] },
      mode: { type: ['string', 'null'], enum: ['fast', 'slow', null] },
      target: { $ref: '#/$defs/Target' },
      tags: { type: 'array' },
    },
    required: ['level', 'missing'],
    $defs: {
      Target: {
        type: 'object',
        properties: { host: { type: 'string' }, port: { type: 'integer', const: 443 } },
      },
    },
    additionalProperties: false,
  },
};

const PLAIN: ToolSpec = {
  name: 'echo',
  description: 'Echo',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

function declarations(tools: ToolSpec[]): { name: string; parameters?: unknown }[] {
  const body = geminiWire.encode(chatRequest({ tools }), geminiContext()) as {
    tools?: { functionDeclarations?: { name: string; parameters?: unknown }[] }[];
  };
  return body.tools?.[0]?.functionDeclarations ?? [];
}

describe('Gemini function declarations from MCP-style schemas', () => {
  it('numbers, booleans, consts and $refs become a schema Gemini accepts', () => {
    const params = toGeminiParameters(MCP_LIKE.parameters);
    expect(geminiParametersViolations(params)).toEqual([]);
    expect(params).toEqual({
      type: 'OBJECT',
      properties: {
        level: { type: 'INTEGER', description: 'Log level. Allowed values: 1, 2, 3.' },
        verbose: { type: 'BOOLEAN', description: 'Must be true.' },
        ratio: { type: 'NUMBER', description: 'Allowed values: 0.5, 1.' },
        mode: { type: 'STRING', nullable: true, enum: ['fast', 'slow'] },
        target: {
          type: 'OBJECT',
          properties: { host: { type: 'STRING' }, port: { type: 'INTEGER', description: 'Must be 443.' } },
        },
        tags: { type: 'ARRAY', items: { type: 'STRING' } },
      },
      required: ['level'],
    });
  });

  it('a tool Gemini cannot take is left out of the request, the others are sent, and the wire names it', () => {
    const sent = declarations([PLAIN, RECURSIVE_TREE, MCP_LIKE]);
    expect(sent.map((d) => d.name)).toEqual(['echo', 'srv__configure']);
    expect(geminiWire.toolRefusals?.(chatRequest({ tools: [PLAIN, RECURSIVE_TREE] }))).toEqual([
      {
        tool: 'srv__tree',
        reason: `$ref "#/$defs/Node" is recursive; Gemini's schema cannot express recursion`,
      },
    ]);
    // Only refused tools: no declarations, so no toolConfig either.
    const body = geminiWire.encode(chatRequest({ tools: [RECURSIVE_TREE] }), geminiContext()) as Record<
      string,
      unknown
    >;
    expect(body.tools).toBeUndefined();
    expect(body.toolConfig).toBeUndefined();
  });

  it('arguments that are a choice of objects become one object; non-object arguments are refused', () => {
    expect(
      toGeminiParameters({
        oneOf: [
          {
            type: 'object',
            properties: { id: { type: 'string' }, force: { type: 'boolean' } },
            required: ['id'],
          },
          {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
        ],
      }),
    ).toEqual({
      type: 'OBJECT',
      properties: { id: { type: 'STRING' }, force: { type: 'BOOLEAN' }, name: { type: 'STRING' } },
      required: ['id'],
    });
    expect(() => toGeminiParameters({ type: 'string' })).toThrow(
      'its arguments are not described as an object',
    );
    expect(toGeminiParameters({})).toBeUndefined();
    expect(toGeminiParameters({ type: 'object', properties: { gone: false } })).toBeUndefined();
  });

  it('garbage where a schema should be never crashes the encoder', () => {
    for (const parameters of [
      { type: 'object', properties: 5 },
      { type: 'object', properties: { a: 'x', b: [1], c: null } },
      { type: 42, enum: 'x', anyOf: 'y', items: 3, required: 'a' },
      { type: 'object', properties: { a: { type: ['x', 7], allOf: [null, 1], oneOf: [true] } } },
    ]) {
      const tool: ToolSpec = { name: 't', description: 'd', parameters };
      const body = JSON.stringify(geminiWire.encode(chatRequest({ tools: [tool] }), geminiContext()));
      expect(body).not.toContain('"type":"object"');
      const params = (JSON.parse(body) as { tools?: { functionDeclarations: { parameters?: unknown }[] }[] })
        .tools?.[0]?.functionDeclarations[0]?.parameters;
      if (params !== undefined) expect(geminiParametersViolations(params)).toEqual([]);
    }
  });
});
