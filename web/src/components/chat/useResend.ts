import { computed, effectScope, ref, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useVillage } from '../../composables/useVillage.ts';
import { lastReplyAndRequest } from '../../lib/resend-targets.ts';
import type { AgentMessage, SessionSummary } from '../../lib/types.ts';
import type { VillageStore } from '../../state/village.ts';
import { withSwitchGuard } from '../sessions/switch-guard.ts';

/** One resend at a time across the chat (a second click must not fork twice). */
const sending = ref(false);

interface SharedResendState {
  turnRunning: ComputedRef<boolean>;
  lastReply: ComputedRef<{ replyId: string; requestId: string } | null>;
}
const shared = new WeakMap<VillageStore, SharedResendState>();

/**
 * Worked out once per page, not once per row: every drawn message asks, and a row mounted while
 * scrolling a long conversation should not build its own copies (issue 22's scroll figure). A
 * detached scope: they live as long as the store, not as the row that first asked.
 */
function sharedState(store: VillageStore): SharedResendState {
  let state = shared.get(store);
  if (state === undefined) {
    state = effectScope(true).run(() => ({
      turnRunning: computed(() => Object.values(store.state.typing).some(Boolean)),
      lastReply: computed(() => lastReplyAndRequest(store.state.messages)),
    }))!;
    shared.set(store, state);
  }
  return state;
}

/**
 * Edit and Regenerate: `resend_from` forks just before the request and sends it there in one command;
 * the chat then follows the server's sessionSwitched like any switch. A turn running disables both (the
 * server refuses with SESSION_SWITCH_BLOCKED anyway; a race gets the usual interrupt offer).
 */
export function useResend() {
  const store = useVillage();
  const { t } = useI18n();
  const { turnRunning, lastReply } = sharedState(store);
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
