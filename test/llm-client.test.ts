import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../src/diag/log.ts';
import type { Provider } from '../src/domain/enums.ts';
import type { ModelTemplateId } from '../src/domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../src/domain/template.ts';
import type { ChatRequest } from '../src/llm/canonical.ts';
import { HttpLlmBackend } from '../src/llm/http-backend.ts';
import { LlmCallAborted } from '../src/llm/call-aborted.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { RECURSIVE_TREE } from '../src/llm/wires/gemini/gemini-test-helpers.ts';
import { FakeProvider, textReply, type WireKind } from './fakes/fake-provider.ts';

const API_KEY = 'sk-test-KEY-4e1b9c';

const request: ChatRequest = {
  system: { stable: 'You are a servant of the village.', volatile: '' },
  messages: [{ role: 'user', content: '【送り手: ユーザー】\nこんにちは' }],
  tools: [],
  toolChoice: 'auto',
  effort: null,
  temperature: null,
  maxOutputTokens: 256,
};

const WIRES: [Provider, WireKind, string][] = [
  ['open_ai_compat', 'openai', '/v1/chat/completions'],
  ['anthropic', 'anthropic', '/v1/messages'],
  ['gemini', 'gemini', '/v1/models/gemini-test:generateContent'],
];

let fake: FakeProvider;
let log: MemoryDiagLog;
let waits: number[];

beforeEach(async () => {
  fake = await new FakeProvider().start();
  log = new MemoryDiagLog();
  waits = [];
});
afterEach(async () => {
  await fake.stop();
});

function backend(
  provider: Provider,
  overrides: Partial<ModelTemplate> = {},
  deps: { realSleep?: boolean } = {},
) {
  const model = provider === 'gemini' ? 'gemini-test' : 'test-model';
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: 't1' as ModelTemplateId,
    name: 'T',
    baseUrl: fake.baseUrl,
    model,
    provider,
    credential: 'keyring',
    ...overrides,
  };
  return new HttpLlmBackend(
    { provider, baseUrl: fake.baseUrl, model, apiKey: API_KEY, template },
    {
      log,
      jitter: () => 0,
      ...(deps.realSleep
        ? {}
        : {
            sleep: async (ms: number) => {
              waits.push(ms);
              return true;
            },
          }),
    },
  );
}

function errorOf(promise: Promise<unknown>): Promise<LlmError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(LlmError);
      return error as LlmError;
    },
  );
}

describe.each(WIRES)('the %s wire over HTTP', (provider, wire, path) => {
  it('posts to the provider path with the auth header and decodes the answer', async () => {
    fake.enqueue({ body: textReply(wire, 'やあ') });
    const response = await backend(provider).chat(request);
    expect(response.text).toBe('やあ');
    expect(response.usage.prompt).toBe(11);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe(path);
    expect(sent.headers['content-type']).toBe('application/json');
    if (provider === 'anthropic') {
      expect(sent.headers['x-api-key']).toBe(API_KEY);
      expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    } else if (provider === 'gemini') expect(sent.headers['x-goog-api-key']).toBe(API_KEY);
    else expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('the API key reaches only its auth header', async () => {
    fake.enqueue({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } });
    const error = await errorOf(backend(provider).chat(request));
    const sent = fake.requests[0]!;
    const headerHits = Object.entries(sent.headers).filter(([, v]) => String(v).includes(API_KEY));
    expect(headerHits).toHaveLength(1);
    expect(sent.rawBody).not.toContain(API_KEY);
    expect(sent.path).not.toContain(API_KEY);
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error.info)).not.toContain(API_KEY);
    expect(JSON.stringify(error.toCoreError().toPayload())).not.toContain(API_KEY);
    expect(log.lines.join('\n')).not.toContain(API_KEY);
    expect(error.stopsTheAgent()).toBe(true);
  });

  it('retries 429 honouring Retry-After as a floor, then succeeds', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '3' }, body: { error: { message: 'slow down' } } });
    fake.enqueue({ body: textReply(wire, 'done') });
    const response = await backend(provider).chat(request);
    expect(response.text).toBe('done');
    expect(waits).toEqual([3000]);
    expect(fake.requests).toHaveLength(2);
    expect(log.lines).toEqual([
      `llm retry: model=${provider === 'gemini' ? 'gemini-test' : 'test-model'} attempt=1/3 status=429 class=RateLimit code=${
        wire === 'anthropic' ? '-' : '-'
      } hint=3s src=header wait=3000ms`,
    ]);
  });

  it('retries 529 and 5xx with exponential waits up to maxRetries, then stops with LLM_API', async () => {
    fake.enqueue(
      { status: 529, body: '{}' },
      { status: 500, body: '{}' },
      { status: 502, body: '{}' },
      { status: 503, body: '{}' },
    );
    const error = await errorOf(backend(provider).chat(request));
    expect(error.code).toBe('LLM_API');
    expect(error.info).toMatchObject({ kind: 'api', status: 503, class: 'ServerError' });
    expect(waits).toEqual([200, 400, 800]);
    expect(fake.requests).toHaveLength(4);
    expect(log.lines.at(-1)).toMatch(/^llm retry stop: model=\S+ attempt=4\/3 status=503 class=ServerError/);
    expect(error.toCoreError().toPayload()).toMatchObject({ code: 'LLM_API', retryable: true });
  });

  it('does not retry a plain 400', async () => {
    fake.enqueue({ status: 400, body: { error: { message: 'bad request' } } });
    const error = await errorOf(backend(provider).chat(request));
    expect(error.info).toMatchObject({ class: 'ClientError' });
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    // A 400 is fatal: the configuration needs a person (ledger part 6).
    expect(error.stopsTheAgent()).toBe(true);
    expect(log.lines).toEqual([
      expect.stringMatching(/^llm retry stop: model=\S+ attempt=1\/3 status=400 class=ClientError /),
    ]);
  });

  it('keeps the raw text of a malformed body as LLM_PARSE', async () => {
    fake.enqueue({ body: '{"choices": [' });
    const error = await errorOf(backend(provider).chat(request));
    expect(error.code).toBe('LLM_PARSE');
    expect(error.info).toEqual({ kind: 'parse', raw: '{"choices": [' });
  });

  it('times out a slow reply after requestTimeoutSecs and retries it as Timeout', async () => {
    fake.enqueue({ delayMs: 3000 }, { body: textReply(wire, 'fast') });
    const response = await backend(provider, { requestTimeoutSecs: 1 }).chat(request);
    expect(response.text).toBe('fast');
    expect(log.lines[0]).toMatch(/^llm retry: .* status=- class=Timeout code=- hint=- src=none wait=200ms$/);
  });
});

describe('retry rules that differ by wire', () => {
  it('never retries insufficient_quota on the OpenAI-compatible wire (Billing)', async () => {
    fake.enqueue({
      status: 429,
      body: { error: { code: 'insufficient_quota', message: 'You exceeded your current quota' } },
    });
    const error = await errorOf(backend('open_ai_compat').chat(request));
    expect(error.info).toMatchObject({ class: 'Billing', code: 'insufficient_quota' });
    expect(fake.requests).toHaveLength(1);
    expect(error.stopsTheAgent()).toBe(true);
  });

  it('waits for Gemini RetryInfo from the body (src=body)', async () => {
    fake.enqueue({
      status: 429,
      body: {
        error: {
          code: 429,
          status: 'RESOURCE_EXHAUSTED',
          message: 'quota',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34.4s' }],
        },
      },
    });
    const response = await backend('gemini').chat(request);
    expect(response.text).toBe('ok');
    expect(waits).toEqual([34_400]);
    expect(log.lines[0]).toContain(
      'status=429 class=RateLimit code=RESOURCE_EXHAUSTED hint=35s src=body wait=34400ms',
    );
  });

  it('stops at once with the ledger prefix when the provider asks for more than 60 s', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '120' }, body: { error: { message: 'later' } } });
    const error = await errorOf(backend('open_ai_compat').chat(request));
    expect(error.message.startsWith('プロバイダは 120 秒後の再試行を求めています')).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(log.lines).toEqual([
      'llm retry stop: model=test-model attempt=1/3 status=429 class=RateLimit code=- hint=120s src=header reason=hint_too_long',
    ]);
  });

  it('a connection that cannot be made is a Network error, retried', async () => {
    const port = fake.port;
    await fake.stop();
    const b = backend('open_ai_compat', { maxRetries: 1 });
    const error = await errorOf(b.chat(request));
    expect(error.info).toMatchObject({ kind: 'http', class: 'Network' });
    expect(error.code).toBe('LLM_HTTP');
    expect(error.message).toContain('ECONNREFUSED');
    expect(waits).toEqual([200]);
    fake = await new FakeProvider().start();
    expect(port).toBeGreaterThan(0);
  });

  it('an empty answer that stopped is returned as is; the output limit with nothing produced is OutputTruncated', async () => {
    fake.enqueue({ body: textReply('openai', '') });
    expect((await backend('open_ai_compat').chat(request)).text).toBe('');
    expect(fake.requests).toHaveLength(1);
    fake.enqueue({
      body: {
        choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'length' }],
        usage: { prompt_tokens: 50, completion_tokens: 256 },
      },
    });
    const error = await errorOf(backend('open_ai_compat').chat(request));
    expect(error.code).toBe('LLM_OUTPUT_TRUNCATED');
    expect(error.usage()).toMatchObject({ prompt: 50, completion: 256 });
    expect(error.isTransient()).toBe(false);
    expect(error.stopsTheAgent()).toBe(false);
    expect(fake.requests).toHaveLength(2);
  });

  it('fills in missing usage from byte counts instead of assuming 0', async () => {
    fake.enqueue({
      body: {
        choices: [{ index: 0, message: { role: 'assistant', content: 'abcdefgh' }, finish_reason: 'stop' }],
      },
    });
    const response = await backend('open_ai_compat').chat(request);
    expect(response.usage.prompt).toBe(Math.ceil(Buffer.byteLength(fake.requests[0]!.rawBody) / 4));
    expect(response.usage.completion).toBe(2);
  });
});

describe('keys and hostile answers', () => {
  it('never follows a redirect (a key header would go with it)', async () => {
    const other = await new FakeProvider().start();
    try {
      for (const provider of ['anthropic', 'gemini'] as const) {
        fake.enqueue({ status: 308, headers: { location: `${other.baseUrl}/steal` }, body: '' });
        const error = await errorOf(backend(provider).chat(request));
        expect(error.info).toMatchObject({ kind: 'api', status: 308, class: 'ClientError' });
      }
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('redacts a key echoed in the error code, the log and a body that fails to decode', async () => {
    fake.enqueue({ status: 401, body: { error: { code: API_KEY, message: 'bad key' } } });
    const error = await errorOf(backend('open_ai_compat').chat(request));
    expect(JSON.stringify(error.info)).not.toContain(API_KEY);
    expect(log.lines.join('\n')).not.toContain(API_KEY);
    expect(error.info).toMatchObject({ code: '[redacted]' });
    fake.enqueue({ body: { choices: 'not a list', leaked: API_KEY } });
    const parse = await errorOf(backend('open_ai_compat').chat(request));
    expect(parse.code).toBe('LLM_PARSE');
    expect(JSON.stringify(parse.info) + parse.message).not.toContain(API_KEY);
  });

  it('a connection dropped mid-request is a Network error, retried', async () => {
    fake.enqueue({ hangUp: true }, { body: textReply('openai', 'after the drop') });
    const response = await backend('open_ai_compat').chat(request);
    expect(response.text).toBe('after the drop');
    expect(log.lines[0]).toMatch(/class=Network/);
  });

  it('a signal aborted before the call sends nothing, writes no retry line and says it was not sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await backend('open_ai_compat')
      .chat(request, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallAborted);
    expect((error as LlmCallAborted).sent).toBe(false);
    expect(log.lines.filter((l) => l.startsWith('llm retry'))).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends the 1-hour cache beta header when the Anthropic body carries a 1 h breakpoint', async () => {
    const long = { ...request, system: { stable: 'rule. '.repeat(2000), volatile: '' } };
    await backend('anthropic').chat(long);
    expect(fake.requests[0]!.headers['anthropic-beta']).toBe('extended-cache-ttl-2025-04-11');
    await backend('anthropic').chat(request);
    expect(fake.requests[1]!.headers['anthropic-beta']).toBeUndefined();
  });

  it('keeps Japanese text whole however the body is chunked', async () => {
    const big = {
      ...request,
      messages: [{ role: 'user' as const, content: '日本語の文章。'.repeat(20_000) }],
    };
    await backend('gemini').chat(big);
    expect(fake.requests[0]!.rawBody).toContain('日本語の文章。日本語の文章。');
    expect(fake.requests[0]!.rawBody).not.toContain('\uFFFD');
  });
});

describe('tools a wire cannot take', () => {
  it('Gemini: a refused tool is left out of the request and named once in the log', async () => {
    const echo = {
      name: 'echo',
      description: 'Echo',
      parameters: { type: 'object', properties: { t: { type: 'string' } } },
    };
    const llm = backend('gemini');
    await llm.chat({ ...request, tools: [echo, RECURSIVE_TREE] });
    await llm.chat({ ...request, tools: [echo, RECURSIVE_TREE] });
    const sent = fake.requests[0]!.body as { tools: { functionDeclarations: { name: string }[] }[] };
    expect(sent.tools[0]!.functionDeclarations.map((d) => d.name)).toEqual(['echo']);
    expect(log.lines.filter((l) => l.includes('llm tool refused'))).toEqual([
      `WARN llm tool refused: backend=gemini model=gemini-test tool=srv__tree reason=$ref "#/$defs/Node" is recursive; Gemini's schema cannot express recursion`,
    ]);
  });
});

describe('cancellation', () => {
  it('cuts the wait between retries and returns the failure just received', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '30' }, body: { error: { message: 'busy' } } });
    const controller = new AbortController();
    const pending = errorOf(
      backend('anthropic', {}, { realSleep: true }).chat(request, { signal: controller.signal }),
    );
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    const error = await pending;
    expect(error.info).toMatchObject({ status: 429, class: 'RateLimit' });
    expect(fake.requests).toHaveLength(1);
  });

  it('aborts the HTTP round trip in flight at once: the provider sees the client go away', async () => {
    fake.enqueue({ hold: true });
    const controller = new AbortController();
    const pending = backend('anthropic', {}, { realSleep: true })
      .chat(request, { signal: controller.signal })
      .catch((e: unknown) => e);
    await fake.waitForRequests(1);
    expect(fake.heldCount).toBe(1);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(LlmCallAborted);
    expect((error as LlmCallAborted).sent).toBe(true);
    await fake.waitForAborts(1);
    // Not a failure of the provider: no retry and no retry line.
    expect(fake.requests).toHaveLength(1);
    expect(log.lines.filter((l) => l.startsWith('llm retry'))).toHaveLength(0);
  });

  it('the request timeout still applies beside the signal, as a Timeout', async () => {
    fake.enqueue({ hold: true }, { hold: true });
    const controller = new AbortController();
    const error = await errorOf(
      backend('open_ai_compat', { requestTimeoutSecs: 0.2, maxRetries: 1 }).chat(request, {
        signal: controller.signal,
      }),
    );
    expect(error.info).toMatchObject({ kind: 'http', class: 'Timeout' });
    expect(fake.requests).toHaveLength(2);
  });
});

describe('recorded real error bodies through the client', () => {
  const fixture = (path: string) =>
    readFileSync(join(import.meta.dirname, 'fixtures', 'provider-responses', path), 'utf8');

  it("OpenAI's 400 for max_tokens on a reasoning model is a ClientError, not retried", async () => {
    fake.enqueue({
      status: 400,
      body: fixture('openai-chat-completions/reasoning-model-legacy-parameter-error.json'),
    });
    const error = await errorOf(backend('open_ai_compat').chat(request));
    expect(error.info).toMatchObject({
      kind: 'api',
      status: 400,
      class: 'ClientError',
      code: 'unsupported_parameter',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("Gemini's 429 with RetryInfo is a RateLimit retried after the body's delay", async () => {
    fake.enqueue({ status: 429, body: fixture('gemini-generate-content/google-429-retry-info.json') });
    const response = await backend('gemini').chat(request);
    expect(response.text).toBe('ok');
    expect(waits).toEqual([34_400]);
    expect(log.lines[0]).toContain('class=RateLimit code=RESOURCE_EXHAUSTED hint=35s src=body');
  });

  it('counts content blocks the decoder could not map in one line', async () => {
    fake.enqueue({ body: fixture('anthropic-messages/anthropic-web-search-tool.1.json') });
    await backend('anthropic').chat(request);
    const lines = log.lines.filter((l) => l.startsWith('dropped content blocks: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^dropped content blocks: kinds=\S*server_tool_use:\d+\S* count=\d+$/);
  });

  it('a recorded Anthropic answer decodes through the whole client', async () => {
    fake.enqueue({ body: fixture('anthropic-messages/anthropic-text.json') });
    const response = await backend('anthropic').chat(request);
    expect(response.text.length).toBeGreaterThan(0);
    expect(response.finish).toBe('stop');
    expect(response.usage.prompt).toBeGreaterThan(0);
  });
});
