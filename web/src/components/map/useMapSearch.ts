/**
 * The bond map's search (issue 25): the best name match among the servants on the map, centred and
 * highlighted until the query changes.
 */
import { useVueFlow } from '@vue-flow/core';
import { ref, type Ref } from 'vue';
import type { AgentSnapshot } from '../../lib/types.ts';
import { findServant } from './map-search.ts';

export function useMapSearch(visibleAgents: Ref<readonly AgentSnapshot[]>) {
  const { findNode, setCenter, getViewport } = useVueFlow('bond-map');
  /** The servant found, highlighted on the map. */
  const found = ref<string | null>(null);
  /** The query that found nothing (shown to the person), or null. */
  const notFound = ref<string | null>(null);

  function search(query: string): void {
    const match = findServant(visibleAgents.value, query);
    found.value = match?.id ?? null;
    notFound.value = match || query.trim() === '' ? null : query.trim();
    const node = match ? findNode(match.id) : undefined;
    if (!node) return;
    const x = node.position.x + (node.dimensions.width || 0) / 2;
    const y = node.position.y + (node.dimensions.height || 0) / 2;
    // Close enough to read the name, never zooming out a person who had zoomed in further.
    void setCenter(x, y, { zoom: Math.max(getViewport().zoom, 1), duration: 200 });
  }

  return { found, notFound, search };
}
