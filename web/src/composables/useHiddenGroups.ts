import { reactive, watch } from 'vue';

const KEY = 'fuseforks.hiddenGroups.v1';

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

let hidden: { ids: string[] } | null = null;

/** Hidden groups change the view only, never the wiring (ledger part 2 §1.7). */
export function useHiddenGroups(): { ids: string[] } {
  if (hidden) return hidden;
  const state = reactive({ ids: read() });
  watch(state, () => localStorage.setItem(KEY, JSON.stringify(state.ids)), { deep: true });
  hidden = state;
  return state;
}

/** Unknown ids are skipped: an agent is hidden only through a group that exists. */
export function isAgentHidden(
  groupId: string | null,
  hiddenIds: readonly string[],
  knownGroups: readonly { id: string }[],
): boolean {
  return groupId !== null && hiddenIds.includes(groupId) && knownGroups.some((g) => g.id === groupId);
}
