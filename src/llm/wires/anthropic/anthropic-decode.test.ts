import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reasoningSummaryLine, type ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { anthropicWire } from './index.ts';
import { context, request } from './test-context.ts';
import { EXPECTED, usage } from './recorded-responses.expected.ts';

const FIXTURES = new URL('../../../../test/fixtures/provider-responses/anthropic-messages/', import.meta.url);

function decodeFixture(name: string): ChatResponse {
  return anthropicWire.decode(JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')), context());
}

describe('anthropic decode: recorded responses', () => {
  it('covers every recorded *.json body', () => {
    const files = readdirSync(FIXTURES)
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(name, () => {
      const response = decodeFixture(name);
      if (typeof expected.text === 'string') {
        expect(response.text).toBe(expected.text);
      } else {
        expect(response.text.length).toBe(expected.text.length);
        expect(response.text.startsWith(expected.text.head)).toBe(true);
        expect(response.text.endsWith(expected.text.tail)).toBe(true);
        expect(createHash('sha256').update(response.text).digest('hex').slice(0, 16)).toBe(
          expected.text.sha256,
        );
      }
      expect(response.toolCalls).toEqual(expected.toolCalls);
      expect(response.finish).toBe(expected.finish);
      expect(response.usage).toEqual(expected.usage);
      expect(response.reasoningSummary).toBe(expected.reasoningSummary);
      expect(response.dropped).toEqual(expected.dropped);
      expect(response.reasoningItems).toBe(expected.reasoningItems);
      expect(response.grounding).toBeNull();
    });
  }
});

describe('anthropic decode: synthetic bodies', () => {
  it('sums uncached input, cache writes and cache reads into prompt and keeps the 1h write share', () => {
    const response = anthropicWire.decode(
      {
        content: [{ type: 'text', text: 'ok' }],
        stop_reason: 'max_tokens',
        usage: {
          input_tokens: 7,
          cache_creation_input_tokens: 1500,
          cache_read_input_tokens: 6463,
          cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 1500 },
          output_tokens: 40,
          output_tokens_details: { thinking_tokens: 34 },
        },
      },
      context(),
    );
    expect(response.usage).toEqual({
      prompt: 7970,
      completion: 40,
      cacheRead: 6463,
      cacheWrite: 1500,
      cacheWrite1h: 1500,
      reasoning: 34,
    });
    expect(response.finish).toBe('length');
  });

  it('keeps redacted thinking for the tool loop (not dropped), joins thinking summaries, reads unknown stops as other', () => {
    const response = anthropicWire.decode(
      {
        content: [
          { type: 'thinking', thinking: 'first', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'thinking', thinking: '', signature: 'sig' },
          { type: 'thinking', thinking: 'second', signature: 'sig' },
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
        stop_reason: 'pause_turn',
      },
      context(),
    );
    expect(response.reasoningSummary).toBe('first\n\nsecond');
    expect(response.text).toBe('ab');
    expect(response.dropped).toEqual({});
    expect(response.finish).toBe('other');
    expect(response.usage).toEqual(usage(0, 0));
    // Items, not items with a summary: the redacted and the empty block count too (Spec 33).
    expect(response.reasoningItems).toBe(4);
    expect(reasoningSummaryLine('agent_1', response)).toBe(
      'reasoning summary: agent=agent_1 items=4 chars=13',
    );
  });

  it('carries thinking blocks verbatim on the first tool call and sends them back first (tool loop round 2)', () => {
    const thinking = { type: 'thinking', thinking: 'plan', signature: 'sig-123' };
    const redacted = { type: 'redacted_thinking', data: 'opaque' };
    const response = anthropicWire.decode(
      {
        content: [thinking, redacted, { type: 'tool_use', id: 'tu_1', name: 'lookup', input: { q: 'x' } }],
        stop_reason: 'tool_use',
      },
      context(),
    );
    expect(response.toolCalls[0]!.extra).toEqual({ anthropicThinking: [thinking, redacted] });
    const body = anthropicWire.encode(
      {
        ...request({}),
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: '', toolCalls: response.toolCalls },
          { role: 'tool', toolCallId: 'tu_1', toolName: 'lookup', content: 'found' },
        ],
      },
      context(),
    ) as { messages: { role: string; content: { type: string }[] }[] };
    expect(body.messages[1]!.content.map((b) => b.type)).toEqual([
      'thinking',
      'redacted_thinking',
      'tool_use',
    ]);
    expect(body.messages[1]!.content[0]).toEqual(thinking);
  });

  it('throws a parse error that keeps the raw body when the shape is wrong', () => {
    for (const body of [
      null,
      'text',
      { content: 'not an array' },
      { content: [{ type: 'tool_use', id: 1 }] },
    ]) {
      let caught: unknown;
      try {
        anthropicWire.decode(body, context());
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(LlmError);
      const info = (caught as LlmError).info;
      expect(info.kind).toBe('parse');
      if (info.kind === 'parse') expect(info.raw).toBe(JSON.stringify(body));
    }
  });
});
