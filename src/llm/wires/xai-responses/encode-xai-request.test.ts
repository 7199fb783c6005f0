/**
 * Golden request bodies of the xAI wire: JSON.stringify is compared, so the key order (model, input,
 * tools?, include, store, max_output_tokens, temperature?) is pinned as well as the values.
 */
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../canonical.ts';
import { LIST_FILES, request } from '../test-request.ts';
import { xaiResponsesWire } from './index.ts';
import { xaiContext } from './xai-test-helpers.ts';

const SYSTEM = { role: 'system', content: 'あなたはザリです。' };
const USER = { role: 'user', content: 'こんにちは' };
const FUNCTION_TOOL = {
  type: 'function',
  name: 'list_files',
  description: 'List the files of the work folder.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};
const TAIL = { include: ['no_inline_citations'], store: false, max_output_tokens: 8192 };

function encoded(req: ChatRequest, skills: { xaiWebSearch?: boolean; xaiXSearch?: boolean } = {}): string {
  return JSON.stringify(xaiResponsesWire.encode(req, xaiContext(skills)));
}

function golden(tools: unknown[] | null, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    model: 'grok-4-fast-reasoning',
    input: [SYSTEM, USER],
    ...(tools === null ? {} : { tools }),
    ...TAIL,
    ...extra,
  });
}

describe('xaiResponsesWire.encode: golden bodies', () => {
  it('a plain call: system message first, store false and include always, no tools key', () => {
    expect(encoded(request())).toBe(golden(null));
  });

  describe.each([
    ['no search skill', {}, []],
    ['web search', { xaiWebSearch: true }, [{ type: 'web_search' }]],
    ['X search', { xaiXSearch: true }, [{ type: 'x_search' }]],
    ['both', { xaiWebSearch: true, xaiXSearch: true }, [{ type: 'web_search' }, { type: 'x_search' }]],
  ])('%s', (_, skills, serverTools) => {
    it('without function tools', () => {
      expect(encoded(request(), skills)).toBe(golden(serverTools.length === 0 ? null : serverTools));
    });

    it('with function tools: flat function tools first, the server tools beside them', () => {
      expect(encoded(request({ tools: [LIST_FILES] }), skills)).toBe(golden([FUNCTION_TOOL, ...serverTools]));
    });

    it("ToolChoice 'none' (the wrap-up call): no tool at all, server tools included, no tool_choice", () => {
      expect(encoded(request({ tools: [LIST_FILES], toolChoice: 'none' }), skills)).toBe(golden(null));
    });
  });

  it('the search flags alone do nothing when the template is on another provider', () => {
    const body = xaiResponsesWire.encode(
      request(),
      xaiContext({ xaiWebSearch: true, xaiXSearch: true, provider: 'open_ai_compat' }),
    );
    expect(body).not.toHaveProperty('tools');
  });

  it.each(['low', 'medium', 'high', 'xhigh', 'max'] as const)(
    'effort %s is not sent (xAI ignores it)',
    (effort) => {
      expect(encoded(request({ effort }))).toBe(golden(null));
    },
  );

  it('temperature goes last when the template sets one, and nothing else changes', () => {
    expect(encoded(request({ temperature: 0.3 }))).toBe(golden(null, { temperature: 0.3 }));
  });

  it('the user max_output_tokens is sent as it is, under that one name', () => {
    const body = xaiResponsesWire.encode(request({ maxOutputTokens: 1024 }), xaiContext()) as Record<
      string,
      unknown
    >;
    expect(body.max_output_tokens).toBe(1024);
    expect(Object.keys(body)).not.toContain('max_tokens');
    expect(Object.keys(body)).not.toContain('max_completion_tokens');
  });

  it('never sends reasoning, tool_choice, previous_response_id, search_parameters or a reserved filter', () => {
    const body = encoded(request({ tools: [LIST_FILES], effort: 'high' }), {
      xaiWebSearch: true,
      xaiXSearch: true,
    });
    for (const key of [
      'reasoning',
      'tool_choice',
      'previous_response_id',
      'search_parameters',
      'instructions',
      'allowed_domains',
      'allowed_x_handles',
      'from_date',
      'to_date',
    ]) {
      expect(body).not.toContain(`"${key}"`);
    }
  });

  it('a tool round trip: function_call then function_call_output (string output)', () => {
    const req = request({
      tools: [LIST_FILES],
      messages: [
        { role: 'user', content: 'ls' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'list_files', arguments: { path: '.' } }],
        },
        { role: 'tool', toolCallId: 'call_1', toolName: 'list_files', content: 'a.txt' },
      ],
    });
    const body = xaiResponsesWire.encode(req, xaiContext()) as { input: unknown[] };
    expect(body.input).toEqual([
      SYSTEM,
      { role: 'user', content: 'ls' },
      { type: 'function_call', call_id: 'call_1', name: 'list_files', arguments: '{"path":"."}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'a.txt' },
    ]);
  });

  it('an image and a PDF (the kinds xAI carries) go as input parts before the text', () => {
    const req = request({
      messages: [
        {
          role: 'user',
          content: '見て',
          attachments: [
            { kind: 'image', mimeType: 'image/webp', data: 'AAAA' },
            { kind: 'pdf', mimeType: 'application/pdf', data: 'BBBB', fileName: 'a.pdf' },
          ],
        },
      ],
    });
    const body = xaiResponsesWire.encode(req, xaiContext()) as { input: unknown[] };
    expect(body.input).toEqual([
      SYSTEM,
      {
        role: 'user',
        content: [
          { type: 'input_image', image_url: 'data:image/webp;base64,AAAA' },
          { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,BBBB' },
          { type: 'input_text', text: '見て' },
        ],
      },
    ]);
  });

  it('adds no headers of its own (the client adds the bearer key)', () => {
    expect(xaiResponsesWire.headers(request(), xaiContext())).toEqual({});
  });
});

describe('xaiResponsesWire', () => {
  it('is the xai_responses wire, billing-aware (insufficient_quota is Billing on the Responses wires)', () => {
    expect(xaiResponsesWire.provider).toBe('xai_responses');
    expect(xaiResponsesWire.billingAware).toBe(true);
  });
});
