import { effectScope, reactive, watch } from 'vue';

const lists = new Map<string, { items: string[] }>();

/**
 * A device-only list of strings in localStorage (one reactive copy per key, written back on every
 * change). A corrupt or foreign value reads as empty.
 */
export function useStoredList(key: string): { items: string[] } {
  const known = lists.get(key);
  if (known) return known;
  let items: string[] = [];
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (Array.isArray(value)) items = value.filter((v): v is string => typeof v === 'string');
  } catch {
    items = [];
  }
  const state = reactive({ items });
  // A detached scope: the first caller is often a v-if'd tab, and a watch bound to it would stop on
  // unmount while the cached copy lives on, so later changes would silently stop being saved.
  effectScope(true).run(() =>
    watch(state, () => localStorage.setItem(key, JSON.stringify(state.items)), { deep: true }),
  );
  lists.set(key, state);
  return state;
}
