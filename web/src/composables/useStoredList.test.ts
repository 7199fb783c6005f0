import { effectScope, nextTick } from 'vue';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useStoredList } from './useStoredList.ts';

const saved = new Map<string, string>();
beforeEach(() => {
  saved.clear();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    },
  });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

it('keeps saving changes after the component that first asked for the list is gone', async () => {
  const tab = effectScope();
  const first = tab.run(() => useStoredList('test.storedList.unmount'))!;
  first.items = ['a'];
  await nextTick();
  expect(saved.get('test.storedList.unmount')).toBe('["a"]');
  tab.stop();
  // The tab shown again gets the same copy; its changes still reach localStorage.
  const again = useStoredList('test.storedList.unmount');
  expect(again).toBe(first);
  again.items = [...again.items, 'b'];
  await nextTick();
  expect(saved.get('test.storedList.unmount')).toBe('["a","b"]');
});

it('reads a corrupt or foreign value as empty', () => {
  saved.set('test.storedList.corrupt', '{"not":"a list"}');
  expect(useStoredList('test.storedList.corrupt').items).toEqual([]);
  saved.set('test.storedList.mixed', '["x", 3, null, "y"]');
  expect(useStoredList('test.storedList.mixed').items).toEqual(['x', 'y']);
});
