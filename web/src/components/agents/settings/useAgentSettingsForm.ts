import { computed, ref, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import { ApiError } from '../../../lib/api.ts';
import {
  copyForm,
  createSpec,
  formsEqual,
  hasErrors,
  newAgentForm,
  seedForm,
  updateSpec,
  validateForm,
  type AgentForm,
  type FormErrors,
} from '../../../lib/agent-form.ts';
import type { AgentSpec } from '../../../lib/types.ts';
import type { VillageStore } from '../../../state/village.ts';

/** Codes that, when the save changed the work folder, are about that folder (shown next to it). */
const WORK_DIR_CODES = new Set(['INVALID_ARGUMENT', 'FORBIDDEN', 'CONFIG_IO']);

/**
 * The spec part of the dialog (everything but files and icon): one form, seeded once from the
 * stored servant and re-seeded from the world only while the person has not changed anything.
 */
export function useAgentSettingsForm(store: VillageStore, agentId: string | null) {
  const { t } = useI18n();
  const world = computed(() => store.state.world);
  const agents = computed(() => world.value?.agents ?? []);
  const templates = computed(() => world.value?.templates ?? []);
  const roles = computed(() => world.value?.roles ?? []);
  const groups = computed(() => world.value?.groups ?? []);
  const agent = computed(() =>
    agentId === null ? null : (agents.value.find((a) => a.id === agentId) ?? null),
  );

  const initial = agentId === null ? newAgentForm(templates.value) : newAgentForm([]);
  const seed = ref<AgentForm>(initial);
  const form = ref<AgentForm>(copyForm(initial));
  const dirty = computed(() => !formsEqual(form.value, seed.value));

  function reseed() {
    if (!agent.value) return;
    seed.value = seedForm(agent.value, groups.value);
    form.value = copyForm(seed.value);
  }

  if (agentId !== null) {
    // The first appearance seeds; later world changes (another screen's edit) only while untouched.
    watch(
      agent,
      (now, before) => {
        if (now && (!before || !dirty.value)) reseed();
      },
      { immediate: true },
    );
  } else {
    // Templates that arrive after the dialog opened fill an empty choice without making it "changed".
    watch(templates, (list) => {
      const first = list[0]?.id;
      if (first === undefined || form.value.modelTemplateId !== '') return;
      form.value.modelTemplateId = first;
      if (seed.value.modelTemplateId === '') seed.value.modelTemplateId = first;
    });
  }

  const errors = computed<FormErrors>(() =>
    validateForm(form.value, { agents: agents.value, self: agent.value }),
  );
  /** Empty-field complaints wait for the first submit; the rest show as soon as they apply. */
  const submitted = ref(false);
  const visibleErrors = computed<FormErrors>(() => {
    if (submitted.value) return errors.value;
    const { name, modelTemplateId: _template, ...rest } = errors.value;
    return name === 'nameTaken' ? { ...rest, name } : rest;
  });

  const nameServerError = ref<string | null>(null);
  const workDirServerError = ref<string | null>(null);
  watch(
    () => form.value.name,
    () => (nameServerError.value = null),
  );
  watch(
    () => form.value.workDir,
    () => (workDirServerError.value = null),
  );

  const busy = ref(false);

  /** Where the last refusal was shown: a field of the general page, or null (a toast). */
  const errorField = ref<'name' | 'workDir' | null>(null);

  function placeError(error: unknown, sentWorkDir: boolean): void {
    errorField.value = null;
    if (error instanceof ApiError && error.code === 'DUPLICATE_AGENT_NAME') {
      nameServerError.value = store.formatError(error.payload);
      errorField.value = 'name';
    } else if (
      error instanceof ApiError &&
      sentWorkDir &&
      (WORK_DIR_CODES.has(error.code) || error.code.includes('WORK_DIR'))
    ) {
      workDirServerError.value = store.formatError(error.payload);
      errorField.value = 'workDir';
    } else {
      store.toastError(error);
    }
  }

  /** create_agent; the new servant's id (issued by the core), or null when not created. */
  async function create(): Promise<string | null> {
    submitted.value = true;
    if (hasErrors(errors.value)) return null;
    busy.value = true;
    try {
      const created = await store.api.call<AgentSpec>('create_agent', { spec: createSpec(form.value) });
      seed.value = copyForm(form.value);
      await store.refetch('world').catch(() => undefined);
      store.toast('info', t('agentSettings.created', { name: created.name }));
      return created.id;
    } catch (error) {
      placeError(error, false);
      return null;
    } finally {
      busy.value = false;
    }
  }

  /** update_agent with the changed fields only; true when saved (or nothing to save). */
  async function save(): Promise<boolean> {
    submitted.value = true;
    if (!agent.value || hasErrors(errors.value)) return false;
    const update = updateSpec(form.value, agent.value);
    if (Object.keys(update).length === 1) {
      reseed();
      return true;
    }
    busy.value = true;
    try {
      const saved = await store.api.call<AgentSpec>('update_agent', { spec: update });
      // The core's answer is the stored servant; the world follows by its own event.
      seed.value = seedForm(saved, groups.value);
      form.value = copyForm(seed.value);
      void store.refetch('world').catch(() => undefined);
      store.toast('info', t('agentSettings.saved'));
      return true;
    } catch (error) {
      placeError(error, 'workDir' in update);
      return false;
    } finally {
      busy.value = false;
    }
  }

  return {
    world,
    agent,
    templates,
    roles,
    groups,
    form,
    dirty,
    errors,
    visibleErrors,
    nameServerError,
    workDirServerError,
    busy,
    errorField,
    create,
    save,
  };
}
