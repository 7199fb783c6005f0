/**
 * The `gemini tools:` note and the reasoning item count, decoded from synthetic bodies: no recorded
 * fixture (test/fixtures/provider-responses/gemini-generate-content) used URL context, search or
 * returned thought parts, so their shape is written here after Google's `GenerateContentResponse`
 * reference (`candidates[].urlContextMetadata.urlMetadata[]`, `urlRetrievalStatus` enum).
 */
import { describe, expect, it } from 'vitest';
import { reasoningSummaryLine, wireNoteLine, type ChatResponse } from '../../canonical.ts';
import { fixture, geminiContext } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

const decode = (body: unknown): ChatResponse => geminiWire.decode(body, geminiContext());

const answer = (candidate: Record<string, unknown>, usageMetadata: Record<string, unknown> = {}) => ({
  candidates: [
    { content: { role: 'model', parts: [{ text: 'Read it.' }] }, finishReason: 'STOP', ...candidate },
  ],
  usageMetadata: { promptTokenCount: 32, candidatesTokenCount: 10, ...usageMetadata },
});

const urlMetadata = (...statuses: (string | undefined)[]) => ({
  urlContextMetadata: {
    urlMetadata: statuses.map((status, i) => ({
      retrievedUrl: `https://site.example/${i}`,
      ...(status === undefined ? {} : { urlRetrievalStatus: status }),
    })),
  },
});

describe('gemini tools: note', () => {
  it('URL context: retrieved = SUCCESS entries of all requested, statuses tallied, tool-use tokens as sent', () => {
    const response = decode(
      answer(
        urlMetadata(
          'URL_RETRIEVAL_STATUS_SUCCESS',
          'URL_RETRIEVAL_STATUS_PAYWALL',
          'URL_RETRIEVAL_STATUS_SUCCESS',
          'URL_RETRIEVAL_STATUS_ERROR',
          undefined,
        ),
        { toolUsePromptTokenCount: 8999 },
      ),
    );
    expect(response.notes).toEqual([
      {
        prefix: 'gemini tools',
        fields:
          'url_context=2/5 statuses=error:1,paywall:1,success:2,unspecified:1 tool_use_prompt=8999 search_queries=0',
      },
    ]);
    // The orchestrator's line (canonical.ts) puts the agent first, as the ledger's format has it.
    expect(wireNoteLine('agent_1', response.notes![0]!)).toBe(
      'gemini tools: agent=agent_1 url_context=2/5 statuses=error:1,paywall:1,success:2,unspecified:1 tool_use_prompt=8999 search_queries=0',
    );
  });

  it('a fetch whose toolUsePromptTokenCount is missing (Spec 48 P0 (d)) is still counted by url_context', () => {
    const response = decode(answer(urlMetadata('URL_RETRIEVAL_STATUS_SUCCESS')));
    expect(response.notes?.[0]?.fields).toBe(
      'url_context=1/1 statuses=success:1 tool_use_prompt=0 search_queries=0',
    );
  });

  it('search: the distinct queries of webSearchQueries and server-side toolCall parts', () => {
    const response = decode({
      candidates: [
        {
          content: {
            parts: [
              { toolCall: { toolType: 'GOOGLE_SEARCH_WEB', args: { queries: ['tokyo weather', 'osaka'] } } },
              { text: 'Sunny.' },
            ],
          },
          finishReason: 'STOP',
          groundingMetadata: { webSearchQueries: ['tokyo weather', 'tokyo forecast'] },
        },
      ],
      usageMetadata: { promptTokenCount: 5, toolUsePromptTokenCount: 120 },
    });
    expect(response.notes).toEqual([
      {
        prefix: 'gemini tools',
        fields: 'url_context=0/0 statuses=none tool_use_prompt=120 search_queries=3',
      },
    ]);
  });

  it('no note on a call that used neither URL context nor search (every recorded body)', () => {
    for (const name of [
      'google-text.json',
      'google-reasoning.json',
      'google-reasoning-gemini3.json',
      'google-tool-call.json',
      'google-tool-call-gemini3.json',
    ]) {
      expect(decode(fixture(name)).notes, name).toBeUndefined();
    }
    expect(decode(answer({ urlContextMetadata: { urlMetadata: [] } })).notes).toBeUndefined();
  });

  it('an unreadable urlContextMetadata loses the line, never the answer', () => {
    const response = decode(answer({ urlContextMetadata: { urlMetadata: 'not a list' } }));
    expect(response.text).toBe('Read it.');
    expect(response.notes).toBeUndefined();
  });

  it('is never on screen: text and grounding stay as without URL context', () => {
    const response = decode(answer(urlMetadata('URL_RETRIEVAL_STATUS_SUCCESS')));
    expect(response.text).toBe('Read it.');
    expect(response.grounding).toBeNull();
  });
});

describe('gemini reasoning items', () => {
  it('counts thought parts, with or without text, for the reasoning summary line', () => {
    const response = decode({
      candidates: [
        {
          content: {
            parts: [
              { text: 'Plan the answer. ', thought: true },
              { text: '', thought: true, thoughtSignature: 'S1' },
              { text: 'Check it.', thought: true },
              { text: 'Answer.', thoughtSignature: 'S2' },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    expect(response.reasoningItems).toBe(3);
    expect(reasoningSummaryLine('agent_1', response)).toBe(
      'reasoning summary: agent=agent_1 items=3 chars=26',
    );
  });

  it('recorded bodies carry thought tokens but no thought parts: 0 items', () => {
    expect(decode(fixture('google-reasoning-gemini3.json')).reasoningItems).toBe(0);
    expect(decode(fixture('google-text.json')).reasoningItems).toBe(0);
  });
});
