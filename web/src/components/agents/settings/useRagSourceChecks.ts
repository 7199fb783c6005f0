import { onScopeDispose, ref, watch } from 'vue';
import { ApiError } from '../../../lib/api.ts';
import { checkablePaths } from '../../../lib/rag-sources.ts';
import type { RagSourceCheck, RagSourceProblem } from '../../../lib/types.ts';
import type { VillageStore } from '../../../state/village.ts';

/** Typing in a row list settles before the core is asked again. */
export const RAG_CHECK_DELAY_MS = 300;

/**
 * What the core says of each listed reference folder, saved or not (check_rag_sources, the tool's own
 * check, so "valid" here is what the servant gets). Checked at once when the field appears and again
 * after each edit, debounced; an answer that arrives after a newer check started is dropped.
 */
export function useRagSourceChecks(
  store: Pick<VillageStore, 'api' | 'formatError'>,
  sources: () => readonly string[],
) {
  const answers = ref<ReadonlyMap<string, RagSourceProblem | null>>(new Map());
  /** A check is due or on its way (rows without an answer show "checking"). */
  const pending = ref(false);
  /** The check's own failure, in display form (the rows then show "not checked"). */
  const failure = ref<string | null>(null);
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function check(): Promise<void> {
    clearTimeout(timer);
    const mine = ++latest;
    const paths = checkablePaths(sources());
    pending.value = true;
    try {
      const checks =
        paths.length === 0 ? [] : await store.api.call<RagSourceCheck[]>('check_rag_sources', { paths });
      if (mine !== latest) return;
      answers.value = new Map(checks.map((c) => [c.path, c.problem]));
      failure.value = null;
    } catch (error) {
      if (mine !== latest) return;
      answers.value = new Map();
      failure.value = error instanceof ApiError ? store.formatError(error.payload) : String(error);
    } finally {
      if (mine === latest) pending.value = false;
    }
  }

  watch(
    () => [...sources()],
    () => {
      pending.value = true;
      clearTimeout(timer);
      timer = setTimeout(() => void check(), RAG_CHECK_DELAY_MS);
    },
  );
  void check();
  // The dialog closing (or the tab changing) ends the field: no late answer, no timer left behind.
  onScopeDispose(() => {
    clearTimeout(timer);
    latest++;
  });

  return { answers, pending, failure, check };
}
