import { watch } from 'vue';
import { askConfirm } from '../../composables/useConfirm.ts';
import { isSwitchBlocked } from '../../lib/session-list.ts';
import type { VillageStore } from '../../state/village.ts';

type Translate = (key: string) => string;

/** Resolves true once no servant is typing, false after `timeoutMs`. */
export function waitForIdle(typing: Record<string, boolean>, timeoutMs: number): Promise<boolean> {
  const idle = () => !Object.values(typing).some(Boolean);
  if (idle()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = watch(idle, (now) => {
      if (!now) return;
      if (timer) clearTimeout(timer);
      stop();
      resolve(true);
    });
    timer = setTimeout(() => {
      stop();
      resolve(false);
    }, timeoutMs);
  });
}

/** How long to wait for interrupted turns to settle before trying the switch again. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Runs a switching action (resume, fork, deleting the open session). SESSION_SWITCH_BLOCKED is never
 * resolved automatically (ledger `session_store`): the person is told why and may choose to interrupt
 * every servant, after which the action is tried once more. Other errors are rethrown to the caller.
 * Resolves `undefined` when the person declined or the retry was still blocked.
 */
export async function withSwitchGuard<T>(
  store: VillageStore,
  t: Translate,
  action: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (!isSwitchBlocked(error)) throw error;
  }
  const interrupt = await askConfirm({
    title: t('sessions.blocked.title'),
    body: t('sessions.blocked.body'),
    confirmLabel: t('sessions.blocked.confirm'),
    danger: true,
  });
  if (!interrupt) return undefined;
  if ((await store.run('interrupt_all')) === undefined) return undefined;
  await waitForIdle(store.state.typing, SETTLE_TIMEOUT_MS);
  try {
    return await action();
  } catch (error) {
    if (!isSwitchBlocked(error)) throw error;
    store.toast('warn', t('sessions.blocked.stillBusy'));
    return undefined;
  }
}
