import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import {
  createBudget,
  DEFAULT_BROWSER_TIMEOUT_MS,
  MAX_BROWSER_TIMEOUT_MS,
  raceBudget,
  stepTimeoutMs,
  withBudget,
} from './budget.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createBudget', () => {
  it('sets the deadline from timeoutMs and counts down remainingMs, never below 0', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const budget = createBudget({ timeoutMs: 1_000 });
    expect(budget.deadlineAtMs).toBe(1_001_000);
    expect(budget.remainingMs()).toBe(1_000);
    vi.advanceTimersByTime(300);
    expect(budget.remainingMs()).toBe(700);
    expect(budget.remainingMs(200)).toBe(500);
    expect(budget.remainingMs(900)).toBe(0);
    budget.dispose();
  });

  it('a transport margin moves the signal and the deadline, not timeoutMs', () => {
    vi.useFakeTimers({ now: 0 });
    const budget = createBudget({ timeoutMs: 1_000, marginMs: 500 });
    expect(budget.deadlineAtMs).toBe(1_500);
    expect(budget.timeoutMs).toBe(1_000);
    vi.advanceTimersByTime(1_499);
    expect(budget.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(budget.ended()).toBe('timeout');
  });

  it('defaults to DEFAULT_BROWSER_TIMEOUT_MS', () => {
    vi.useFakeTimers({ now: 0 });
    const budget = createBudget();
    expect(budget.deadlineAtMs).toBe(DEFAULT_BROWSER_TIMEOUT_MS);
    budget.dispose();
  });

  it('aborts its signal at the deadline and says it timed out', () => {
    vi.useFakeTimers({ now: 0 });
    const budget = createBudget({ timeoutMs: 500 });
    vi.advanceTimersByTime(499);
    expect(budget.signal.aborted).toBe(false);
    expect(budget.ended()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(budget.signal.aborted).toBe(true);
    expect(budget.ended()).toBe('timeout');
    expect((budget.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('follows the caller signal and says it was aborted', () => {
    const caller = new AbortController();
    const budget = createBudget({ timeoutMs: 10_000, signal: caller.signal });
    caller.abort();
    expect(budget.signal.aborted).toBe(true);
    expect(budget.ended()).toBe('aborted');
    budget.dispose();
  });

  it('is aborted at once when the caller signal already is', () => {
    const budget = createBudget({ timeoutMs: 10_000, signal: AbortSignal.abort() });
    expect(budget.ended()).toBe('aborted');
    budget.dispose();
  });

  it('keeps the first cause: a caller abort after the timeout stays a timeout', () => {
    vi.useFakeTimers({ now: 0 });
    const caller = new AbortController();
    const budget = createBudget({ timeoutMs: 100, signal: caller.signal });
    vi.advanceTimersByTime(100);
    caller.abort();
    expect(budget.ended()).toBe('timeout');
  });

  it('dispose stops the timer and unhooks the caller signal', () => {
    vi.useFakeTimers({ now: 0 });
    const caller = new AbortController();
    const budget = createBudget({ timeoutMs: 100, signal: caller.signal });
    budget.dispose();
    vi.advanceTimersByTime(1_000);
    caller.abort();
    expect(budget.signal.aborted).toBe(false);
  });

  it.each([0, -1, 1.5, MAX_BROWSER_TIMEOUT_MS + 1, Number.NaN])(
    'refuses timeoutMs %s with INVALID_ARGUMENT',
    (timeoutMs) => {
      expect(() => createBudget({ timeoutMs })).toThrow(CoreError);
      try {
        createBudget({ timeoutMs });
      } catch (error) {
        expect((error as CoreError).code).toBe('INVALID_ARGUMENT');
      }
    },
  );
});

describe('sequential steps share one deadline', () => {
  it('stepTimeoutMs gives each step what is left, then the timeout error', () => {
    vi.useFakeTimers({ now: 0 });
    const budget = createBudget({ timeoutMs: 1_000 });
    expect(stepTimeoutMs(budget, 'wait')).toBe(1_000);
    vi.advanceTimersByTime(600);
    expect(stepTimeoutMs(budget, 'wait')).toBe(400);
    vi.advanceTimersByTime(400);
    expect(() => stepTimeoutMs(budget, 'wait')).toThrow(/wait timed out after 1000 ms/);
  });

  it('raceBudget answers with the work when it is first', async () => {
    await expect(
      withBudget({ timeoutMs: 1_000 }, (b) => raceBudget(b, 'x', Promise.resolve(7))),
    ).resolves.toBe(7);
  });

  it('raceBudget rejects with BROWSER_TIMEOUT when the deadline comes first', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(
      withBudget({ timeoutMs: 20 }, (b) => raceBudget(b, 'evaluate', never)),
    ).rejects.toMatchObject({
      code: 'BROWSER_TIMEOUT',
      message: 'evaluate timed out after 20 ms',
    });
  });

  it('raceBudget rejects with BROWSER_ABORTED when the caller aborts', async () => {
    const caller = new AbortController();
    const never = new Promise<never>(() => undefined);
    const pending = withBudget({ timeoutMs: 10_000, signal: caller.signal }, (b) =>
      raceBudget(b, 'click', never),
    );
    caller.abort();
    await expect(pending).rejects.toMatchObject({
      code: 'BROWSER_ABORTED',
      message: 'click was aborted by the caller',
    });
  });

  it('raceBudget passes the work own failure through', async () => {
    const failing = Promise.reject(new CoreError('BROWSER_ACTION_FAILED', 'nope'));
    await expect(withBudget({ timeoutMs: 1_000 }, (b) => raceBudget(b, 'x', failing))).rejects.toMatchObject({
      code: 'BROWSER_ACTION_FAILED',
    });
  });
});
