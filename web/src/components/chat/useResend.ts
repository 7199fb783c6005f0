import { computed, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { useVillage } from '../../composables/useVillage.ts';
import { lastReplyAndRequest } from '../../lib/resend-targets.ts';
import type { AgentMessage, SessionSummary } from '../../lib/types.ts';
import { withSwitchGuard } from '../sessions/switch-guard.ts';

/** One resend at a time across the chat (a second click must not fork twice). */
const sending = ref(false);

/**
 * Edit and Regenerate: `resend_from` forks just before the request and sends it there in one command;
 * the chat then follows the server's sessionSwitched like any switch. A turn running disables both (the
 * server refuses with SESSION_SWITCH_BLOCKED anyway; a race gets the usual interrupt offer).
 */
export function useResend() {
  const store = useVillage();
  const { t } = useI18n();
  const turnRunning = computed(() => Object.values(store.state.typing).some(Boolean));
  const lastReply = computed(() => lastReplyAndRequest(store.state.messages));
  /** Why the buttons are off, or null when they work. */
  const blockedReason = computed(() => (turnRunning.value || sending.value ? t('chatResend.busy') : null));

  async function resend(messageId: string, content?: string): Promise<boolean> {
    const sessionId = store.state.session?.id;
    if (sessionId === undefined || sending.value) return false;
    sending.value = true;
    try {
      const args = content === undefined ? { sessionId, messageId } : { sessionId, messageId, content };
      const done = await withSwitchGuard(store, t, () =>
        store.api.call<{ session: SessionSummary; message: AgentMessage }>('resend_from', args),
      );
      if (done === undefined) return false;
      store.toast('info', t('chatResend.done'));
      return true;
    } catch (error) {
      store.toastError(error);
      return false;
    } finally {
      sending.value = false;
    }
  }

  return { lastReply, blockedReason, resend };
}
