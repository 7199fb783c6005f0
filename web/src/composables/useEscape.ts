import { onBeforeUnmount, onMounted } from 'vue';
import { confirmState } from './useConfirm.ts';

/**
 * Esc for a dialog: listened for on the window in the capture phase, so it works wherever the focus
 * is (even after a click on the backdrop), and left alone while the confirm modal answers its own.
 * `when` can hold it back (e.g. while a save is on its way).
 */
export function useEscape(onEscape: () => void, when: () => boolean = () => true): void {
  function handler(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.defaultPrevented || confirmState.open || !when()) return;
    event.preventDefault();
    onEscape();
  }
  onMounted(() => window.addEventListener('keydown', handler, true));
  onBeforeUnmount(() => window.removeEventListener('keydown', handler, true));
}
