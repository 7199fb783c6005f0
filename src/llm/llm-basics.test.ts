import { describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../diag/log.ts';
import type { ModelTemplateId } from '../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../domain/template.ts';
import { createLlmBackend } from './backend-factory.ts';
import { cacheDiagLine } from './cache-diag.ts';
import type { ChatRequest, ChatResponse } from './canonical.ts';
import { EchoBackend } from './echo-backend.ts';
import { checkProduced, flattenCause } from './http-backend.ts';
import { LlmError } from './llm-error.ts';
import { withUsageFallback } from './usage-fallback.ts';

const request: ChatRequest = {
  system: { stable: 'Ordinance\nSkill', volatile: 'Roster' },
  messages: [
    { role: 'user', content: 'first' },
    { role: 'assistant', content: 'reply' },
    { role: 'user', content: '【送り手: ユーザー】\nhello' },
  ],
  tools: [],
  toolChoice: 'auto',
  effort: null,
  temperature: null,
  maxOutputTokens: 100,
};

const response = (over: Partial<ChatResponse>): ChatResponse => ({
  text: '',
  toolCalls: [],
  finish: 'stop',
  usage: { prompt: 10, completion: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
  reasoningSummary: '',
  grounding: null,
  dropped: {},
  ...over,
});

describe('the echo backend', () => {
  it('answers with the last message it received, envelope included, and estimates usage', async () => {
    const echo = new EchoBackend();
    const answer = await echo.chat(request);
    expect(echo.name()).toBe('echo');
    expect(answer.text).toBe('【送り手: ユーザー】\nhello');
    expect(answer.usage.prompt).toBeGreaterThan(0);
    expect(answer.usage.completion).toBe(Math.ceil(Buffer.byteLength(answer.text) / 4));
  });

  it('is chosen for an `echo:` template, with no key and no network', async () => {
    const template: ModelTemplate = {
      ...TEMPLATE_DEFAULTS,
      id: 'e' as ModelTemplateId,
      name: 'Echo',
      baseUrl: 'echo:',
      model: 'echo',
    };
    const store = {
      kind: 'file' as const,
      get: async () => null,
      set: async () => {},
      delete: async () => {},
    };
    const backend = await createLlmBackend(template, store, { log: new MemoryDiagLog() });
    expect(backend.name()).toBe('echo');
    await expect(
      createLlmBackend({ ...template, baseUrl: 'https://x.example/v1' }, store, { log: new MemoryDiagLog() }),
    ).rejects.toMatchObject({ code: 'LLM_CONFIG' });
  });
});

describe('the cache: line', () => {
  it('keeps the frozen field order and digests the system text as adapters fold it', () => {
    const usage = {
      prompt: 1200,
      completion: 5,
      cacheRead: 1000,
      cacheWrite: 150,
      cacheWrite1h: 150,
      reasoning: 0,
    };
    const line = cacheDiagLine('agent_1', 'm', 3, request, usage, 'anthropic');
    expect(line).toMatch(
      /^cache: agent=agent_1 model=m round=3 prompt=1200 cached=1000 system_chars=23 stable_chars=15 system_digest=[0-9a-f]{12} cache_write=150 cache_write_1h=150 system_blocks=2$/,
    );
    const sameText = { ...request, system: { stable: 'Ordinance\nSkill\n\nRoster', volatile: '' } };
    expect(cacheDiagLine('a', 'm', 1, sameText, usage, 'anthropic').split(' ')[8]).toBe(line.split(' ')[8]);
    const changed = { ...request, system: { stable: 'Ordinance\nSkill', volatile: 'Roster 2' } };
    expect(cacheDiagLine('a', 'm', 1, changed, usage, 'anthropic').split(' ')[8]).not.toBe(
      line.split(' ')[8],
    );
  });
});

describe('answers without content', () => {
  it('maps nothing-produced answers to their own errors', () => {
    expect(checkProduced(response({ text: 'hi' })).text).toBe('hi');
    expect(
      checkProduced(response({ toolCalls: [{ id: '1', name: 't', arguments: {} }] })).toolCalls,
    ).toHaveLength(1);
    const kinds = (['length', 'content_filter', 'stop', 'other'] as const).map((finish) => {
      try {
        checkProduced(response({ text: '  ', finish }));
        return 'none';
      } catch (error) {
        return (error as LlmError).code;
      }
    });
    expect(kinds).toEqual(['LLM_OUTPUT_TRUNCATED', 'LLM_BLOCKED', 'none', 'LLM_EMPTY_RESPONSE']);
  });

  it('falls back to bytes / 4 for missing counts, never 0', () => {
    const filled = withUsageFallback(
      response({
        text: 'abcdefghi',
        usage: { prompt: 0, completion: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
      }),
      'x'.repeat(41),
    );
    expect(filled.usage).toMatchObject({ prompt: 11, completion: 3 });
    const kept = withUsageFallback(response({ text: 'abc' }), 'x'.repeat(41));
    expect(kept.usage).toMatchObject({ prompt: 10, completion: 5 });
  });
});

describe('LlmError', () => {
  it('maps to the LLM_* codes with retryable = transient', () => {
    const api = LlmError.api('overloaded', { status: 529, class: 'Overloaded' });
    expect(api.toCoreError('agent_1').toPayload()).toEqual({
      code: 'LLM_API',
      message: 'overloaded',
      detail: 'status 529',
      agentId: 'agent_1',
      retryable: true,
    });
    expect(new LlmError({ kind: 'parse', raw: '{' }, 'bad').toCoreError().code).toBe('LLM_PARSE');
    expect(new LlmError({ kind: 'http', class: 'Network', detail: 'x' }, 'net').isTransient()).toBe(true);
    expect(LlmError.api('denied', { status: 401, class: 'Auth' }).stopsTheAgent()).toBe(true);
    expect(LlmError.api('too long', { status: 400, class: 'ContextLength' }).stopsTheAgent()).toBe(false);
    expect(LlmError.api('bad request', { status: 400, class: 'ClientError' }).stopsTheAgent()).toBe(true);
    expect(LlmError.api('busy', { status: 503, class: 'ServerError' }).stopsTheAgent()).toBe(false);
  });

  it('flattens error causes into one readable line', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(flattenCause(error)).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
  });
});
