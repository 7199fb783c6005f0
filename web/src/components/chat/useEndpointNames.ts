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

/** world.json `externalName` when set (blank counts as unset), else the client's own `clientInfo.name`. */
export function externalLabel(externalName: string | null, client: string): string {
  return externalName !== null && externalName.trim() !== '' ? externalName : client;
}

/**
 * Display names: servants by name, the user by userName (else 「あなた」/You), System as Fuseforks,
 * an outside client by the village's display name for it (else its own).
 */
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
        // The village's display name for outside clients wins (D8, the server's external_label); the
        // name the client gave stays on the message.
        return t('chat.external', {
          client: externalLabel(store.state.world?.settings.externalName ?? null, endpoint.client),
        });
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
