import { useI18n } from 'vue-i18n';
import { useStaticText } from '../../lib/static-text.ts';
import type { Endpoint } from '../../lib/types.ts';
import { useVillage } from '../../composables/useVillage.ts';

/** Display names: servants by name, the user by userName (else 「あなた」/You), System as Fuseforks. */
export function useEndpointNames() {
  const { t } = useI18n();
  const uiText = useStaticText();
  const store = useVillage();
  const nameOf = (endpoint: Endpoint): string => {
    switch (endpoint.kind) {
      case 'agent':
        return store.state.world?.agents.find((a) => a.id === endpoint.id)?.name ?? endpoint.id;
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
