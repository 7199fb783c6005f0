/**
 * One `<style>` element whose rules follow `css()`: the bond map's highlight changes by rewriting a
 * few selectors, so a hover costs the browser a restyle and Vue nothing per edge (bench/bond-map-hover).
 */
import { onBeforeUnmount, onMounted, watchEffect } from 'vue';

export function useEmphasisStyle(css: () => string): void {
  let style: HTMLStyleElement | null = null;
  onMounted(() => {
    style = document.createElement('style');
    style.dataset.owner = 'bond-map-emphasis';
    document.head.append(style);
    watchEffect(() => {
      const text = css();
      if (style && style.textContent !== text) style.textContent = text;
    });
  });
  onBeforeUnmount(() => {
    style?.remove();
    style = null;
  });
}
