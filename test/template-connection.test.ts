/**
 * "Test connection" (issue 25) end to end below the UI: a real village server, the app's real HTTP
 * LLM client and the fake provider over real HTTP, for every wire: a success, a refused key (401),
 * an unknown model (404), nothing listening (connection refused), no answer in time, and a Cancel.
 * The key never appears in an answer or in the log.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, type Provider } from '../src/domain/enums.ts';
import { FakeProvider, textReply, wireOfPath } from './fakes/fake-provider.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

const KEY = 'sk-probe-secret-4242';

let v: TestVillage;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage({ language: 'en' });
  await v.ready();
});
afterAll(async () => {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

interface Probe {
  ok: boolean;
  model?: string;
  latencyMs: number;
  replySample?: string;
  code?: string | null;
  status?: number | null;
  failure?: string;
  message?: string;
  advice?: string;
}

const MODEL: Record<Provider, string> = {
  open_ai_compat: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  xai_responses: 'grok-4-fast-reasoning',
  open_ai_responses: 'gpt-5-mini',
  meta_responses: 'muse-spark',
  perplexity_responses: 'sonar',
};

/** A saved template with the key set, as the editor holds it (the form sends it whole). */
async function savedTemplate(provider: Provider, fields: Record<string, unknown> = {}) {
  const template = {
    name: `${provider} probe`,
    baseUrl: fake.baseUrl,
    model: MODEL[provider],
    provider,
    ...fields,
  };
  const saved = await v.ok<{ id: string }>('upsert_template', { template });
  await v.ok('set_credential', { templateId: saved.id, secret: KEY });
  return { ...template, id: saved.id, credential: 'keyring' };
}

function probe(template: Record<string, unknown>): Promise<Probe> {
  return v.ok<Probe>('test_template_connection', { template });
}

function logText(): string {
  return readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8');
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(PROVIDERS.map((provider) => ({ provider })))('test connection on $provider', ({ provider }) => {
  it('a success: one request with the key in its header and a few output tokens, the reply sampled', async () => {
    const template = await savedTemplate(provider);
    const before = fake.requests.length;
    fake.enqueue({ body: textReply(wireOfPath(pathFor(provider)), 'ready') });
    const answer = await probe(template);
    expect(answer).toMatchObject({ ok: true, model: MODEL[provider], replySample: 'ready' });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(fake.requests.length).toBe(before + 1);
    const request = fake.requests.at(-1)!;
    expect(JSON.stringify(request.headers)).toContain(KEY);
    expect(request.rawBody).not.toContain(KEY);
    // No tools and no search skill: the test costs a handful of tokens.
    expect(request.rawBody).not.toContain('"tools"');
    expect(request.rawBody).toMatch(
      /"(max_tokens|max_completion_tokens|max_output_tokens|maxOutputTokens)":16/,
    );
  });

  it('401: the key advice, the key itself nowhere in the answer or the log', async () => {
    const template = await savedTemplate(provider);
    fake.enqueue({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${KEY}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    });
    const answer = await probe(template);
    expect(answer).toMatchObject({ ok: false, code: 'LLM_API', status: 401, failure: 'key' });
    expect(answer.advice).toMatch(/API key/);
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(logText()).not.toContain(KEY);
  });

  it('404: the model advice', async () => {
    const template = await savedTemplate(provider);
    fake.enqueue({ status: 404, body: { error: { message: 'model not found', type: 'not_found_error' } } });
    const answer = await probe(template);
    expect(answer).toMatchObject({ ok: false, code: 'LLM_API', status: 404, failure: 'model' });
    expect(answer.advice).toMatch(/model name/);
  });

  it('connection refused: the base URL advice, with no retry', async () => {
    const port = await closedPort();
    const template = await savedTemplate(provider, { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 3 });
    const answer = await probe(template);
    expect(answer).toMatchObject({ ok: false, code: 'LLM_HTTP', status: null, failure: 'base_url' });
    expect(answer.advice).toMatch(/base URL/);
  });

  it('no answer within the timeout: the timeout advice, and the request closed', async () => {
    const template = await savedTemplate(provider, { requestTimeoutSecs: 1 });
    const aborted = fake.abortedByClient;
    fake.enqueue({ hold: true });
    const answer = await probe(template);
    expect(answer).toMatchObject({ ok: false, code: 'LLM_HTTP', failure: 'timeout' });
    await fake.waitForAborts(aborted + 1);
  });
});

/** The request path a wire posts to (for the success reply's shape). */
function pathFor(provider: Provider): string {
  if (provider === 'open_ai_compat') return '/chat/completions';
  if (provider === 'anthropic') return '/messages';
  if (provider === 'gemini') return '/models/x:generateContent';
  return '/responses';
}

describe('test connection, beyond the wire', () => {
  it('Cancel stops the request in flight and the test answers cancelled', async () => {
    const template = await savedTemplate('open_ai_compat');
    const aborted = fake.abortedByClient;
    const arrived = fake.requests.length;
    fake.enqueue({ hold: true });
    const pending = probe(template);
    await fake.waitForRequests(arrived + 1);
    expect(await v.ok('cancel_template_connection_test')).toEqual({ cancelled: true });
    const answer = await pending;
    expect(answer).toMatchObject({ ok: false, code: null, failure: 'cancelled' });
    await fake.waitForAborts(aborted + 1);
  });

  it('a Cancel with another test id stops nothing (an editor closing late), its own id stops it', async () => {
    const template = await savedTemplate('open_ai_compat');
    const arrived = fake.requests.length;
    const aborted = fake.abortedByClient;
    fake.enqueue({ hold: true });
    const pending = v.ok<Probe>('test_template_connection', { template, testId: 'editor-2' });
    await fake.waitForRequests(arrived + 1);
    expect(await v.ok('cancel_template_connection_test', { testId: 'editor-1' })).toEqual({
      cancelled: false,
    });
    expect(fake.abortedByClient).toBe(aborted);
    expect(await v.ok('cancel_template_connection_test', { testId: 'editor-2' })).toEqual({
      cancelled: true,
    });
    expect(await pending).toMatchObject({ ok: false, failure: 'cancelled' });
    await fake.waitForAborts(aborted + 1);
  });

  it('a base URL edited to another origin does not take the saved key there', async () => {
    const template = await savedTemplate('open_ai_compat');
    const elsewhere = await new FakeProvider().start();
    try {
      const before = fake.requests.length;
      const answer = await probe({ ...template, baseUrl: elsewhere.baseUrl });
      // The key is bound to the origin it was saved for: no key for the new one, so no request at all.
      expect(answer).toMatchObject({ ok: false, code: 'LLM_CONFIG', failure: 'no_key' });
      expect(elsewhere.requests).toEqual([]);
      expect(fake.requests.length).toBe(before);
      expect(JSON.stringify(answer)).not.toContain(KEY);
    } finally {
      await elsewhere.stop();
    }
  });

  it('a template without a credential is refused before any request, with the key advice', async () => {
    const before = fake.requests.length;
    const answer = await probe({
      name: 'new',
      baseUrl: fake.baseUrl,
      model: 'gpt-4o-mini',
      provider: 'open_ai_compat',
    });
    expect(answer).toMatchObject({ ok: false, code: 'LLM_CONFIG', failure: 'no_key' });
    // Not "the provider refused the key": nothing was sent, and the advice says so.
    expect(answer.advice).toMatch(/No API key is set .* nothing was sent/);
    expect(fake.requests.length).toBe(before);
  });

  it('an unsaved edit is tested as edited (its model), nothing is saved', async () => {
    const template = await savedTemplate('open_ai_compat');
    const edited = { ...template, model: 'edited-model' };
    const answer = await probe(edited);
    expect(answer).toMatchObject({ ok: true, model: 'edited-model' });
    expect((fake.requests.at(-1)!.body as { model: string }).model).toBe('edited-model');
    const world = await v.ok<{ templates: { id: string; model: string }[] }>('get_world');
    expect(world.templates.find((t) => t.id === template.id)?.model).toBe(MODEL.open_ai_compat);
  });

  it('the advice is in the village language', async () => {
    await v.ok('set_language', { language: 'ja' });
    try {
      const answer = await probe({
        name: 'new',
        baseUrl: fake.baseUrl,
        model: 'm',
        provider: 'open_ai_compat',
      });
      expect(answer.advice).toMatch(/API キー/);
    } finally {
      await v.ok('set_language', { language: 'en' });
    }
  });
});
