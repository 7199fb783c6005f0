import { computed, onBeforeUnmount, onMounted, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { ApiError } from '../../lib/api.ts';
import { deleteArgs, deleteOneByOne } from '../../lib/blackboard-delete.ts';
import { buildBoards } from '../../lib/blackboard-lanes.ts';
import { collapseKey, type BlackboardNote } from '../../lib/blackboard-notes.ts';
import { askConfirm } from '../../composables/useConfirm.ts';
import { useStoredList } from '../../composables/useStoredList.ts';
import { useVillage } from '../../composables/useVillage.ts';

/** Ledger Spec 54 freeze 10: the keys are `dir:state/name` (root `dir:name`). */
export const BLACKBOARD_COLLAPSED_KEY = 'fuseforks.blackboardCollapsed.v1';
/** No push into the page (ledger §5.8): a re-read every 10 s while the tab is shown, and a button. */
export const BLACKBOARD_REFRESH_MS = 10_000;

/**
 * The blackboard tab's state: the notes as last read, the boards derived from them and the village's
 * live agents and waves (so badges follow the village between reads), the collapsed set, and the
 * deletes. The only writes are to the trash; nothing here writes a note's content.
 */
export function useBlackboard() {
  const store = useVillage();
  const { t } = useI18n();
  const notes = ref<BlackboardNote[]>([]);
  const loaded = ref(false);
  const busy = ref(false);
  /** The last read's failure (cleared by the next good read) and the last delete's (by the next action). */
  const loadError = ref<string | null>(null);
  const error = ref<string | null>(null);
  const collapsed = useStoredList(BLACKBOARD_COLLAPSED_KEY);

  const agents = computed(() => store.state.world?.agents ?? []);
  // The live typing set (the card's), not the snapshots' `typing`: those are as old as the last fetch.
  const typing = computed(
    () => new Set(Object.keys(store.state.typing).filter((id) => store.state.typing[id])),
  );
  const boards = computed(() => buildBoards(notes.value, agents.value, store.state.waves, typing.value));

  const describe = (e: unknown) =>
    e instanceof ApiError ? store.formatError(e.payload) : String((e as Error)?.message ?? e);

  // A later read wins over an earlier one still on the wire (a poll racing a delete's re-read).
  let readSeq = 0;
  async function read(): Promise<void> {
    const seq = ++readSeq;
    try {
      const listed = await store.api.call<BlackboardNote[]>('list_blackboard');
      if (seq !== readSeq) return;
      notes.value = listed;
      loaded.value = true;
      loadError.value = null;
      // Keys of notes no longer there go: a note moved back to a state it was collapsed in opens.
      const present = new Set(listed.map(collapseKey));
      const kept = collapsed.items.filter((k) => present.has(k));
      if (kept.length !== collapsed.items.length) collapsed.items = kept;
    } catch (e) {
      if (seq === readSeq) loadError.value = t('blackboard.loadFailed', { error: describe(e) });
    }
  }

  async function refresh(): Promise<void> {
    error.value = null;
    await read();
  }

  function isCollapsed(note: BlackboardNote): boolean {
    return collapsed.items.includes(collapseKey(note));
  }

  function toggle(note: BlackboardNote): void {
    const key = collapseKey(note);
    collapsed.items = isCollapsed(note)
      ? collapsed.items.filter((k) => k !== key)
      : [...collapsed.items, key];
  }

  /** Notes whose delete is on the wire: a second press (a double click) sends nothing, so no "gone" error. */
  const deleting = new Set<string>();

  /** One note, no confirm (it goes to the trash, so it can be undone). */
  async function deleteNote(note: BlackboardNote): Promise<void> {
    const key = collapseKey(note);
    if (deleting.has(key)) return;
    deleting.add(key);
    error.value = null;
    try {
      await store.api.call('delete_blackboard_note', deleteArgs(note));
    } catch (e) {
      error.value = describe(e);
    }
    // Held until the re-read has taken the note off the board, so no later press can reach it.
    await read();
    deleting.delete(key);
  }

  async function withBusy(work: () => Promise<void>): Promise<void> {
    if (busy.value) return;
    busy.value = true;
    error.value = null;
    try {
      await work();
    } finally {
      busy.value = false;
      await read();
    }
  }

  /** A done lane's notes one at a time, after a confirm naming the count; stops at the first failure. */
  async function deleteDone(done: readonly BlackboardNote[]): Promise<void> {
    const n = done.length;
    if (n === 0 || busy.value) return;
    const ok = await askConfirm({
      title: t('blackboard.deleteDoneTitle', { n }, n),
      body: t('blackboard.deleteDoneBody'),
      confirmLabel: t('blackboard.clearConfirm', { n }, n),
      danger: true,
    });
    if (!ok) return;
    await withBusy(async () => {
      const run = await deleteOneByOne(done, (note) =>
        store.api.call('delete_blackboard_note', deleteArgs(note)).then(() => undefined),
      );
      if (run.error !== null) {
        error.value = t(
          'blackboard.stoppedAfter',
          { n: run.removed, error: describe(run.error) },
          run.removed,
        );
      }
    });
  }

  /** Every note of every work folder (clear_blackboard), after a confirm naming how many are shown. */
  async function clearAll(): Promise<void> {
    const n = notes.value.length;
    if (n === 0 || busy.value) return;
    const ok = await askConfirm({
      title: t('blackboard.clearTitle', { n }, n),
      body: t('blackboard.clearBody'),
      confirmLabel: t('blackboard.clearConfirm', { n }, n),
      danger: true,
    });
    if (!ok) return;
    await withBusy(async () => {
      try {
        await store.api.call<{ removed: number }>('clear_blackboard');
      } catch (e) {
        // The server's message says how many went before the failure.
        error.value = describe(e);
      }
    });
  }

  // Polling only while the tab is mounted and the page is visible; a page shown again reads at once.
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => {
    if (!document.hidden) void read();
  };
  const onVisibility = () => {
    if (!document.hidden) void read();
  };
  onMounted(() => {
    void refresh();
    timer = setInterval(tick, BLACKBOARD_REFRESH_MS);
    document.addEventListener('visibilitychange', onVisibility);
  });
  onBeforeUnmount(() => {
    if (timer !== null) clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  });

  return {
    notes,
    loaded,
    busy,
    loadError,
    error,
    boards,
    refresh,
    isCollapsed,
    toggle,
    deleteNote,
    deleteDone,
    clearAll,
  };
}
