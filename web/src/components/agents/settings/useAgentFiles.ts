import { computed, reactive } from 'vue';
import { useI18n } from 'vue-i18n';
import { ApiError } from '../../../lib/api.ts';
import {
  CONFIG_FILE_NAMES,
  jsonFileProblem,
  type FileProblem,
  type JsonFileKind,
} from '../../../lib/agent-form.ts';
import type { ConfigFileKind } from '../../../lib/types.ts';
import type { VillageStore } from '../../../state/village.ts';

export interface FileEditorState {
  text: string;
  /** What is on disk as last read or saved; the editor is dirty when text differs. */
  original: string;
  loaded: boolean;
  saving: boolean;
  /** Found in the page before sending (mcp.json / run.json). */
  problem: FileProblem | null;
  /** The core's refusal or a read failure, already in display form. */
  error: string | null;
}

export const FILE_KINDS: ConfigFileKind[] = ['skill', 'construct', 'memory', 'mcp', 'run'];

function isJsonKind(kind: ConfigFileKind): kind is JsonFileKind {
  return kind === 'mcp' || kind === 'run';
}

/**
 * The five per-servant files, each its own editor: read with read_config_file, saved with
 * write_config_file. A refused save keeps the text and shows every problem the core listed.
 */
export function useAgentFiles(store: VillageStore, agentId: string) {
  const { t } = useI18n();
  const files = reactive(
    Object.fromEntries(
      FILE_KINDS.map((kind) => [
        kind,
        { text: '', original: '', loaded: false, saving: false, problem: null, error: null },
      ]),
    ),
  ) as Record<ConfigFileKind, FileEditorState>;

  const errorText = (error: unknown) =>
    error instanceof ApiError ? store.formatError(error.payload) : String((error as Error)?.message ?? error);

  async function load(kind: ConfigFileKind): Promise<void> {
    const file = files[kind];
    try {
      const text = (await store.api.call<string | null>('read_config_file', { agentId, kind })) ?? '';
      file.text = text;
      file.original = text;
      file.loaded = true;
      file.error = null;
    } catch (error) {
      file.error = `${t('agentSettings.file.loadFailed')}: ${errorText(error)}`;
    }
  }

  async function save(kind: ConfigFileKind): Promise<void> {
    const file = files[kind];
    file.error = null;
    file.problem = isJsonKind(kind) ? jsonFileProblem(kind, file.text) : null;
    if (file.problem) return;
    file.saving = true;
    try {
      await store.api.call('write_config_file', { agentId, kind, content: file.text });
      file.original = file.text;
      store.toast('info', t('agentSettings.file.saved', { file: CONFIG_FILE_NAMES[kind] }));
      // The core rewrites run.json (keeps the servant's pending list, its own formatting): show that.
      if (kind === 'run') await load('run');
    } catch (error) {
      file.error = errorText(error);
    } finally {
      file.saving = false;
    }
  }

  const dirtyKinds = computed(() =>
    FILE_KINDS.filter((kind) => files[kind].loaded && files[kind].text !== files[kind].original),
  );

  return { files, load, save, dirtyKinds, loadAll: () => Promise.all(FILE_KINDS.map(load)) };
}
