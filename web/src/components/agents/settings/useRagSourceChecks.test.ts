import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref, type EffectScope } from 'vue';
import { ApiError, type Api } from '../../../lib/api.ts';
import type { ErrorPayload, RagSourceCheck } from '../../../lib/types.ts';
import { RAG_CHECK_DELAY_MS, useRagSourceChecks } from './useRagSourceChecks.ts';

/** The transport seen from the page: each call waits until the test answers it. */
class ScriptedApi implements Api {
  readonly token = 't';
  readonly calls: {
    command: string;
    paths: string[];
    answer(checks: RagSourceCheck[]): void;
    fail(e: unknown): void;
  }[] = [];
  call<T>(command: string, args?: Record<string, unknown> | Blob): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.calls.push({
        command,
        paths: (args as { paths: string[] }).paths,
        answer: (checks) => resolve(checks as T),
        fail: reject,
      });
    });
  }
}

/** The core's answer for paths, as check_rag_sources gives it for these names. */
const checked = (paths: string[]): RagSourceCheck[] =>
  paths.map((path) => ({
    path,
    problem: !path.startsWith('/') ? 'not_absolute' : path.includes('gone') ? 'missing' : null,
  }));

let scope: EffectScope;
let api: ScriptedApi;
const settle = async () => {
  for (let i = 0; i < 5; i++) await nextTick();
};

beforeEach(() => {
  vi.useFakeTimers();
  scope = effectScope();
  api = new ScriptedApi();
});
afterEach(() => {
  scope.stop();
  vi.useRealTimers();
});

function start(initial: string[]) {
  const sources = ref(initial);
  const store = { api, formatError: (p: ErrorPayload) => `formatted: ${p.message}` };
  const checks = scope.run(() => useRagSourceChecks(store, () => sources.value))!;
  return { sources, ...checks };
}

describe('useRagSourceChecks', () => {
  it('checks at once when the field appears', async () => {
    const { answers, pending } = start(['/docs', 'rel']);
    expect(api.calls.map((c) => [c.command, c.paths])).toEqual([['check_rag_sources', ['/docs', 'rel']]]);
    expect(pending.value).toBe(true);
    api.calls[0]!.answer(checked(['/docs', 'rel']));
    await settle();
    expect(pending.value).toBe(false);
    expect([...answers.value]).toEqual([
      ['/docs', null],
      ['rel', 'not_absolute'],
    ]);
  });

  it('asks nothing for an empty list', async () => {
    const { pending } = start([]);
    await settle();
    expect(api.calls).toEqual([]);
    expect(pending.value).toBe(false);
  });

  it('checks again after edits, once, when they have settled', async () => {
    const { sources, answers, pending } = start(['/docs']);
    api.calls[0]!.answer(checked(['/docs']));
    await settle();
    sources.value = ['/docs', '/gone'];
    await settle();
    sources.value = ['/docs', '/gone', 'rel'];
    await settle();
    expect(pending.value).toBe(true);
    expect(api.calls).toHaveLength(1);
    vi.advanceTimersByTime(RAG_CHECK_DELAY_MS);
    expect(api.calls.map((c) => c.paths)).toEqual([['/docs'], ['/docs', '/gone', 'rel']]);
    api.calls[1]!.answer(checked(['/docs', '/gone', 'rel']));
    await settle();
    expect(answers.value.get('/gone')).toBe('missing');
    expect(pending.value).toBe(false);
  });

  it('drops an answer that arrives after a newer check began', async () => {
    const { sources, answers, pending } = start(['/old']);
    sources.value = ['/new'];
    await settle();
    vi.advanceTimersByTime(RAG_CHECK_DELAY_MS);
    expect(api.calls).toHaveLength(2);
    api.calls[1]!.answer(checked(['/new']));
    await settle();
    api.calls[0]!.answer(checked(['/old']));
    await settle();
    expect([...answers.value.keys()]).toEqual(['/new']);
    expect(pending.value).toBe(false);
  });

  it('shows the failure of the check itself, in display form, and forgets older answers', async () => {
    const { sources, answers, failure, pending } = start(['/docs']);
    api.calls[0]!.answer(checked(['/docs']));
    await settle();
    sources.value = ['/docs', '/more'];
    await settle();
    vi.advanceTimersByTime(RAG_CHECK_DELAY_MS);
    const payload = {
      code: 'IPC_FAILED',
      message: 'no server',
      detail: null,
      agentId: null,
      retryable: true,
    };
    api.calls[1]!.fail(new ApiError(payload as ErrorPayload));
    await settle();
    expect(failure.value).toBe('formatted: no server');
    expect(answers.value.size).toBe(0);
    expect(pending.value).toBe(false);
    // The next check that works clears it.
    sources.value = ['/docs'];
    await settle();
    vi.advanceTimersByTime(RAG_CHECK_DELAY_MS);
    api.calls[2]!.answer(checked(['/docs']));
    await settle();
    expect(failure.value).toBeNull();
  });

  it('sends at most what the command takes', () => {
    start(['/a', '/a', '', '/b']);
    expect(api.calls[0]!.paths).toEqual(['/a', '/b']);
  });

  it('ends with its scope: no check after the field is gone, no late answer applied', async () => {
    const { sources, answers } = start(['/docs']);
    sources.value = ['/docs', '/more'];
    await settle();
    scope.stop();
    vi.advanceTimersByTime(RAG_CHECK_DELAY_MS * 2);
    expect(api.calls).toHaveLength(1);
    api.calls[0]!.answer(checked(['/docs']));
    await settle();
    expect(answers.value.size).toBe(0);
  });
});
