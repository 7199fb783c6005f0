/**
 * Test-only: an HttpLlmBackend on the fake provider for the streaming tests, with the waits between
 * retries recorded instead of slept, and a recorder for the deltas a call hands out (with the time
 * each arrived, so a test can tell that they came before the end).
 */
import { MemoryDiagLog } from '../../src/diag/log.ts';
import type { Provider } from '../../src/domain/enums.ts';
import type { ModelTemplateId } from '../../src/domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../src/domain/template.ts';
import type { ChatRequest } from '../../src/llm/canonical.ts';
import { HttpLlmBackend } from '../../src/llm/http-backend.ts';
import type { StreamDelta } from '../../src/llm/stream/stream-delta.ts';
import type { FakeProvider } from './fake-provider.ts';

export const STREAM_API_KEY = 'sk-test-STREAM-9d2f71';

export const STREAM_REQUEST: ChatRequest = {
  system: { stable: 'You are a servant of the village.', volatile: '' },
  messages: [{ role: 'user', content: '【送り手: ユーザー】\nこんにちは' }],
  tools: [],
  toolChoice: 'auto',
  effort: null,
  temperature: null,
  maxOutputTokens: 256,
};

export const MODEL_OF: Record<Provider, string> = {
  open_ai_compat: 'test-model',
  anthropic: 'claude-test',
  gemini: 'gemini-test',
  open_ai_responses: 'gpt-test',
  xai_responses: 'grok-test',
  perplexity_responses: 'perplexity/sonar',
  meta_responses: 'muse-test',
};

export interface StreamTestBackend {
  backend: HttpLlmBackend;
  log: MemoryDiagLog;
  waits: number[];
}

export function streamBackend(
  fake: FakeProvider,
  provider: Provider,
  overrides: Partial<ModelTemplate> = {},
): StreamTestBackend {
  const model = MODEL_OF[provider];
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
  const log = new MemoryDiagLog();
  const waits: number[] = [];
  const backend = new HttpLlmBackend(
    { provider, baseUrl: fake.baseUrl, model, apiKey: STREAM_API_KEY, template },
    {
      log,
      jitter: () => 0,
      sleep: async (ms: number) => {
        waits.push(ms);
        return true;
      },
    },
  );
  return { backend, log, waits };
}

/** Collects deltas; `onDelta` is what a call is given. */
export class DeltaRecorder {
  readonly deltas: StreamDelta[] = [];
  private readonly waiters: { test: (d: StreamDelta) => boolean; resolve: () => void }[] = [];
  readonly onDelta = (delta: StreamDelta): void => {
    this.deltas.push(delta);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(delta)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  get text(): string {
    return this.deltas.map((d) => (d.kind === 'text' ? d.text : '')).join('');
  }

  /** Resolves at the first delta of this kind (from now on, or already seen). */
  first(kind: StreamDelta['kind']): Promise<void> {
    if (this.deltas.some((d) => d.kind === kind)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test: (d) => d.kind === kind, resolve }));
  }
}
