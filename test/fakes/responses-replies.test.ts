/**
 * The fake's Responses answers keep to what the providers really send: every item the builders make
 * has the keys of the same item kind in a recorded body (test/fixtures/provider-responses, copies of
 * the shared recorded set), so a wire that reads the fake reads the real shape.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  functionCallItem,
  messageItem,
  openAiSearchReply,
  reasoningItem,
  responsesText,
  xaiSearchReply,
  type ResponsesItem,
} from './responses-replies.ts';
import { textReply, wireOfPath } from './fake-provider.ts';

interface Body {
  object: string;
  status: string;
  output: ResponsesItem[];
  usage: Record<string, unknown>;
}

const recorded = (path: string) =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/provider-responses/${path}`, import.meta.url), 'utf8'),
  ) as Body;

const OPENAI_SEARCH = recorded('openai-responses/openai-web-search-tool.1.json');
const OPENAI_REASONING = recorded('openai-responses/openai-reasoning-encrypted-content.1.json');
const XAI_WEB = recorded('xai-responses/xai-web-search-tool.1.json');
const XAI_X = recorded('xai-responses/xai-x-search-tool.1.json');

const keys = (value: unknown) => Object.keys(value as object).sort();
const itemOf = (body: Body | unknown, type: string) =>
  (body as Body).output.find((item) => item.type === type)!;
const textPart = (item: ResponsesItem) => (item.content as Record<string, unknown>[])[0]!;
const annotation = (item: ResponsesItem) => (textPart(item).annotations as unknown[])[0];

const SEARCH = {
  text: 'two wells',
  query: 'wells',
  sources: [{ url: 'https://example.org/w', title: 'Wells' }],
};

describe('the fake Responses answers against the recorded bodies', () => {
  it('sends Responses bodies on /responses and keeps the other wires on their paths', () => {
    expect(wireOfPath('/v1/responses')).toBe('responses');
    expect(wireOfPath('/v1/chat/completions')).toBe('openai');
    expect(wireOfPath('/v1/messages')).toBe('anthropic');
    expect(wireOfPath('/v1beta/models/g:generateContent')).toBe('gemini');
    const body = textReply('responses', 'ok') as Body;
    expect(body).toMatchObject({ object: 'response', status: 'completed' });
    expect(textPart(itemOf(body, 'message'))).toMatchObject({ type: 'output_text', text: 'ok' });
  });

  it('usage has the recorded keys and detail objects', () => {
    const usage = (responsesText('ok') as Body).usage;
    expect(keys(usage)).toEqual(keys(OPENAI_SEARCH.usage));
    expect(keys(usage.input_tokens_details)).toEqual(keys(OPENAI_SEARCH.usage.input_tokens_details));
    expect(keys(usage.output_tokens_details)).toEqual(keys(OPENAI_SEARCH.usage.output_tokens_details));
  });

  it('a message with citations is an OpenAI message with url_citation annotations', () => {
    const real = itemOf(OPENAI_SEARCH, 'message');
    const fake = messageItem('t', [{ url: 'https://example.org', title: 'T' }]);
    expect(keys(fake)).toEqual(keys(real));
    expect(keys(textPart(fake))).toEqual(keys(textPart(real)));
    expect(keys(annotation(fake))).toEqual(keys(annotation(real)));
  });

  it('a reasoning item with encrypted content is the recorded one', () => {
    const real = itemOf(OPENAI_REASONING, 'reasoning');
    const fake = reasoningItem(['thinking'], 'enc');
    expect(keys(fake)).toEqual(keys(real));
    expect((fake.summary as unknown[])[0]).toEqual({ type: 'summary_text', text: 'thinking' });
    // Without encrypted content it is the recorded search body's bare reasoning item.
    expect(keys(reasoningItem([]))).toEqual(keys(itemOf(OPENAI_SEARCH, 'reasoning')));
  });

  it("OpenAI's search call has the recorded action", () => {
    const real = itemOf(OPENAI_SEARCH, 'web_search_call');
    const fake = itemOf(openAiSearchReply(SEARCH), 'web_search_call');
    expect(keys(fake)).toEqual(keys(real));
    expect(keys(fake.action)).toEqual(keys(real.action));
    expect((fake.action as { sources: unknown[] }).sources).toEqual([
      { type: 'url', url: 'https://example.org/w' },
    ]);
  });

  it("xAI's web and X search calls and their title-less citations are the recorded ones", () => {
    const web = xaiSearchReply(SEARCH, 'web');
    expect(keys(itemOf(web, 'web_search_call'))).toEqual(keys(itemOf(XAI_WEB, 'web_search_call')));
    expect(keys(annotation(itemOf(web, 'message')))).toEqual(keys(annotation(itemOf(XAI_WEB, 'message'))));
    const x = xaiSearchReply(SEARCH, 'x');
    expect(keys(itemOf(x, 'x_search_call'))).toEqual(keys(itemOf(XAI_X, 'x_search_call')));
    expect(JSON.parse(itemOf(x, 'x_search_call').arguments as string)).toMatchObject({ query: 'wells' });
  });

  it('a function call carries its arguments as a JSON string', () => {
    const item = functionCallItem('remember', { note: 'n' }, 'call_1');
    expect(item).toMatchObject({ type: 'function_call', call_id: 'call_1', name: 'remember' });
    expect(JSON.parse(item.arguments)).toEqual({ note: 'n' });
  });
});
