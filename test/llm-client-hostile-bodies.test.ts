/**
 * Hostile or odd 2xx bodies through the whole client, over real HTTP: whatever a provider sends, the
 * turn gets a typed LlmError (or an answer), never an unhandled exception, and never the key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryDiagLog } from '../src/diag/log.ts';
import type { Provider } from '../src/domain/enums.ts';
import type { ModelTemplateId } from '../src/domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../src/domain/template.ts';
import { HttpLlmBackend } from '../src/llm/http-backend.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { wireFor } from '../src/llm/wires/index.ts';
import { request as testRequest } from '../src/llm/wires/test-request.ts';
import { FakeProvider } from './fakes/fake-provider.ts';

const API_KEY = 'sk-test-KEY-7c2d4a';
const RESPONSES_WIRES: Provider[] = [
  'open_ai_responses',
  'xai_responses',
  'meta_responses',
  'perplexity_responses',
];

const request = testRequest();

let fake: FakeProvider;
let log: MemoryDiagLog;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  log = new MemoryDiagLog();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fake.stop();
});

function backend(provider: Provider): HttpLlmBackend {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: 't1' as ModelTemplateId,
    name: 'T',
    baseUrl: fake.baseUrl,
    model: 'test-model',
    provider,
    credential: 'keyring',
  };
  return new HttpLlmBackend(
    { provider, baseUrl: fake.baseUrl, model: 'test-model', apiKey: API_KEY, template },
    { log, jitter: () => 0, sleep: async () => true },
  );
}

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('expected a failure');
}

describe.each(RESPONSES_WIRES)('a hostile body on %s', (provider) => {
  it('output kinds named like Object.prototype keys are counted as dropped, not run', async () => {
    // Raw text: a JS object literal cannot carry an own `__proto__` key, JSON can.
    const body =
      '{"output":[{"type":"__proto__"},{"type":"constructor"},{"type":"hasOwnProperty"},' +
      '{"type":"message","content":[{"type":"toString"},{"type":"output_text","text":"still here"}]}]}';
    fake.enqueue({ body });
    const response = await backend(provider).chat(request);
    expect(response.text).toBe('still here');
    expect(Object.entries(response.dropped)).toEqual(
      expect.arrayContaining([
        ['__proto__', 1],
        ['constructor', 1],
        ['hasOwnProperty', 1],
        ['toString', 1],
      ]),
    );
    expect(log.lines.join('\n')).toContain('count=4');
  });

  it('a TypeError inside decode is LLM_PARSE with the body kept, the key redacted', async () => {
    vi.spyOn(wireFor(provider), 'decode').mockImplementation(() => {
      throw new TypeError(`cannot read properties of undefined (reading '${API_KEY}')`);
    });
    fake.enqueue({ body: { output: [], echoed: API_KEY } });
    const error = await failureOf(backend(provider).chat(request));
    expect(error.code).toBe('LLM_PARSE');
    expect(error.info.kind).toBe('parse');
    expect(JSON.stringify(error.info)).toContain('[redacted]');
    expect(JSON.stringify(error.info) + error.message).not.toContain(API_KEY);
  });

  it('only http(s) source URLs become Grounding sources (a source is shown as a link)', async () => {
    const hostile = [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://a.example/',
    ];
    const annotations = [...hostile, 5, null, 'https://ok.example/a'].map((url) => ({
      type: 'url_citation',
      url,
      title: 'T',
    }));
    const body = {
      output: [
        // OpenAI also reads action.sources; the others ignore the call or count it.
        {
          type: 'web_search_call',
          action: { type: 'search', query: 'q', sources: hostile.map((url) => ({ type: 'url', url })) },
        },
        { type: 'message', content: [{ type: 'output_text', text: 'grounded', annotations }] },
      ],
    };
    fake.enqueue({ body });
    const response = await backend(provider).chat(request);
    expect(response.grounding?.sources).toEqual([{ uri: 'https://ok.example/a', title: 'T' }]);
  });
});

describe('names read from a body that reach the log', () => {
  it('a key echoed as a dropped kind or a pplx tools invocation key is redacted', async () => {
    fake.enqueue({
      body: {
        output: [
          { type: API_KEY },
          { type: 'search_results', results: [{ url: 'https://a.example/', title: 'A' }] },
          { type: 'message', content: [{ type: 'output_text', text: 'ok' }] },
        ],
        usage: { input_tokens: 1, output_tokens: 1, tool_calls_details: { [API_KEY]: { invocation: 1 } } },
      },
    });
    const response = await backend('perplexity_responses').chat(request);
    const written = [...log.lines, ...(response.notes ?? []).map((note) => note.fields)].join('\n');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(API_KEY);
  });
});
