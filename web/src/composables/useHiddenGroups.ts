import { useStoredList } from './useStoredList.ts';

/** Hidden groups change the view only, never the wiring (ledger part 2 §1.7). */
export function useHiddenGroups(): { items: string[] } {
  return useStoredList('fuseforks.hiddenGroups.v1');
}

/** Unknown ids are skipped: an agent is hidden only through a group that exists. */
export function isAgentHidden(
  groupId: string | null,
  hiddenIds: readonly string[],
  knownGroups: readonly { id: string }[],
): boolean {
  return groupId !== null && hiddenIds.includes(groupId) && knownGroups.some((g) => g.id === groupId);
}
