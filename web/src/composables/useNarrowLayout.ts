import { onBeforeUnmount, ref, type Ref } from 'vue';

/**
 * Below this width the three panes (list, map, conversation) cannot sit side by side: their
 * smallest widths add up to about 740 px, so the page scrolled sideways on a phone (issue 25).
 */
export const NARROW_LAYOUT_QUERY = '(max-width: 760px)';

/** Whether the window is narrow enough for the panes to become tabs; follows resizes. */
export function useNarrowLayout(): Ref<boolean> {
  const query = window.matchMedia(NARROW_LAYOUT_QUERY);
  const narrow = ref(query.matches);
  const follow = (event: MediaQueryListEvent) => (narrow.value = event.matches);
  query.addEventListener('change', follow);
  onBeforeUnmount(() => query.removeEventListener('change', follow));
  return narrow;
}
