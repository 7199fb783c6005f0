import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../lib/api.ts';
import { VillageStore } from './village.ts';

afterEach(() => void vi.useRealTimers());

describe('toasts', () => {
  it('the same words again replace the toast showing them instead of stacking', () => {
    vi.useFakeTimers();
    const store = new VillageStore({} as Api);
    store.toast('info', 'Started a new conversation');
    store.toast('info', 'Started a new conversation');
    store.toast('info', 'Started a new conversation');
    expect(store.state.toasts.map((x) => x.text)).toEqual(['Started a new conversation']);
    store.toast('error', 'Started a new conversation');
    store.toast('info', 'Something else');
    expect(store.state.toasts).toHaveLength(3);
  });

  it('a replaced toast’s timer does not take the replacement away early', () => {
    vi.useFakeTimers();
    const store = new VillageStore({} as Api);
    store.toast('info', 'Saved');
    vi.advanceTimersByTime(3000);
    store.toast('info', 'Saved');
    vi.advanceTimersByTime(3000);
    expect(store.state.toasts.map((x) => x.text)).toEqual(['Saved']);
    vi.advanceTimersByTime(2000);
    expect(store.state.toasts).toEqual([]);
  });
});
