import { computed, effectScope, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useStaticText } from '../../lib/static-text.ts';
import type { Endpoint } from '../../lib/types.ts';
import { useVillage } from '../../composables/useVillage.ts';
import type { VillageStore } from '../../state/village.ts';

/**
 * Servant names by id, one map per store shared by every row: a `find` over the reactive agent list
 * per row and per render wrapped each agent it passed in a proxy, a visible share of opening a chat.
 */
const namesByStore = new WeakMap<VillageStore, ComputedRef<Map<string, string>>>();
function agentNames(store: VillageStore): ComputedRef<Map<string, string>> {
  let names = namesByStore.get(store);
  if (!names) {
    // In a detached scope: it outlives the row that first asked for it.
    names = effectScope(true).run(() =>
      computed(() => new Map((store.state.world?.agents ?? []).map((a) => [a.id, a.name]))),
    )!;
    namesByStore.set(store, names);
  }
  return names;
}

/** Display names: servants by name, the user by userName (else 「あなた」/You), System as Fuseforks. */
export function useEndpointNames() {
  const { t } = useI18n();
  const uiText = useStaticText();
  const store = useVillage();
  const names = agentNames(store);
  const nameOf = (endpoint: Endpoint): string => {
    switch (endpoint.kind) {
      case 'agent':
        return names.value.get(endpoint.id) ?? endpoint.id;
      case 'user':
        return store.state.world?.settings.userName ?? uiText('chat.you');
      case 'system':
        return 'Fuseforks';
      case 'external':
        return t('chat.external', { client: endpoint.client });
    }
  };
  const iconKey = (endpoint: Endpoint): string | null =>
    endpoint.kind === 'agent'
      ? `agent:${endpoint.id}`
      : endpoint.kind === 'user'
        ? 'user'
        : endpoint.kind === 'external'
          ? 'external'
          : null;
  return { nameOf, iconKey };
}
