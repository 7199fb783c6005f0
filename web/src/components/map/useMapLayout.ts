/**
 * Positions for the bond map: the stored ones, and the automatic layout (layout.ts) for servants the
 * village has no position for. Shown, not saved (as the circle was): a drag or "Tidy" saves them.
 */
import { computed, type Ref } from 'vue';
import type { World } from '../../state/world.ts';
import { placeUnplaced, tidyLayout, type LayoutInput, type Point, type Size } from './layout.ts';

function layoutInput(world: World): Omit<LayoutInput, 'placed'> {
  return {
    nodes: world.agents.map((a) => ({ id: a.id, groupId: a.groupId ?? null })),
    edges: world.edges,
    groupOrder: world.groups.map((g) => g.id),
  };
}

export function useMapPositions(world: Ref<World | null>) {
  // The world changes with every status and name edit; the layout only reads membership, bonds and
  // stored positions, so it runs again only when one of those changed (200 servants cost a second).
  let lastKey = '';
  let last: Record<string, Point> = {};
  return computed(() => {
    const w = world.value;
    if (!w) return {};
    const input = layoutInput(w);
    const key = JSON.stringify([input, w.positions]);
    if (key !== lastKey) {
      last = placeUnplaced({ ...input, placed: w.positions });
      lastKey = key;
    }
    return last;
  });
}

/** Every servant laid out afresh, at the size each node is drawn (the default for hidden ones). */
export function tidyPositions(world: World, drawnSize: (id: string) => Size | null): Record<string, Point> {
  return tidyLayout({ ...layoutInput(world), size: (id) => drawnSize(id) ?? { width: 200, height: 56 } });
}
