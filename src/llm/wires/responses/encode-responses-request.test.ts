/** Golden bodies of the shared encoder (each wire pins its own on top of these). */
import { describe, expect, it } from 'vitest';
import { LIST_FILES, request } from '../test-request.ts';
import { encodeResponsesRequest, type ResponsesEncodeOptions } from './encode-responses-request.ts';

const MODEL = { model: 'gpt-5.6-terra', provider: 'open_ai_responses' } as const;

function golden(options: ResponsesEncodeOptions, fields: Parameters<typeof request>[0] = {}): string {
  return JSON.stringify(encodeResponsesRequest(request(fields), MODEL, options));
}

describe('encodeResponsesRequest', () => {
  it('the smallest body: instructions, input, store false, max_output_tokens, in that order', () => {
    expect(golden({ systemPlacement: 'instructions' })).toBe(
      JSON.stringify({
        model: 'gpt-5.6-terra',
        instructions: 'あなたはザリです。',
        input: [{ role: 'user', content: 'こんにちは' }],
        store: false,
        max_output_tokens: 8192,
      }),
    );
  });

  it('a leading system message instead of instructions where the wire says so', () => {
    expect(golden({ systemPlacement: 'system_message' })).toBe(
      JSON.stringify({
        model: 'gpt-5.6-terra',
        input: [
          { role: 'system', content: 'あなたはザリです。' },
          { role: 'user', content: 'こんにちは' },
        ],
        store: false,
        max_output_tokens: 8192,
      }),
    );
  });

  it('every optional key, in the pinned order: tools, include, reasoning, store, limit, temperature, max_steps', () => {
    const body = golden(
      {
        systemPlacement: 'instructions',
        serverTools: [{ type: 'web_search' }],
        include: ['web_search_call.action.sources'],
        reasoning: { effort: 'high', summary: 'detailed' },
        maxSteps: 5,
      },
      { tools: [LIST_FILES], temperature: 0.3 },
    );
    expect(body).toBe(
      JSON.stringify({
        model: 'gpt-5.6-terra',
        instructions: 'あなたはザリです。',
        input: [{ role: 'user', content: 'こんにちは' }],
        tools: [
          {
            type: 'function',
            name: LIST_FILES.name,
            description: LIST_FILES.description,
            parameters: LIST_FILES.parameters,
          },
          { type: 'web_search' },
        ],
        include: ['web_search_call.action.sources'],
        reasoning: { effort: 'high', summary: 'detailed' },
        store: false,
        max_output_tokens: 8192,
        temperature: 0.3,
        max_steps: 5,
      }),
    );
  });

  it('ToolChoice none (the wrap-up call) sends neither function nor server tools, and never tool_choice', () => {
    const encoded = encodeResponsesRequest(request({ tools: [LIST_FILES], toolChoice: 'none' }), MODEL, {
      systemPlacement: 'instructions',
      serverTools: [{ type: 'web_search' }],
    });
    expect(encoded).not.toHaveProperty('tools');
    expect(encoded).not.toHaveProperty('tool_choice');
    const withTools = encodeResponsesRequest(request({ tools: [LIST_FILES] }), MODEL, {
      systemPlacement: 'instructions',
    });
    expect(withTools).not.toHaveProperty('tool_choice');
  });

  it('only max_output_tokens limits the output; never max_completion_tokens or max_tokens', () => {
    const encoded = encodeResponsesRequest(request({ maxOutputTokens: 1234 }), MODEL, {
      systemPlacement: 'instructions',
    }) as unknown as Record<string, unknown>;
    expect(encoded.max_output_tokens).toBe(1234);
    expect(encoded).not.toHaveProperty('max_completion_tokens');
    expect(encoded).not.toHaveProperty('max_tokens');
  });

  it('temperature: sent when set and allowed; never when the wire forbids it for the model; empty include omitted', () => {
    const forbidden = encodeResponsesRequest(request({ temperature: 0.7 }), MODEL, {
      systemPlacement: 'instructions',
      temperatureAllowed: false,
      include: [],
      reasoning: null,
      maxSteps: null,
    });
    expect(Object.keys(forbidden)).toEqual(['model', 'instructions', 'input', 'store', 'max_output_tokens']);
  });

  it('strict on function tools only when the wire passes it', () => {
    const encoded = encodeResponsesRequest(request({ tools: [LIST_FILES] }), MODEL, {
      systemPlacement: 'instructions',
      strictFunctionTools: false,
    });
    expect(encoded.tools).toEqual([
      {
        type: 'function',
        name: LIST_FILES.name,
        description: LIST_FILES.description,
        parameters: LIST_FILES.parameters,
        strict: false,
      },
    ]);
  });
});
