/**
 * Positions for the bond map: the stored ones, and the automatic layout (layout.ts) for servants the
 * village has no position for. Shown, not saved (as the circle was): a drag or "Tidy" saves them.
 * The ledger (part 2, section 2.5) lays unplaced nodes on a circle; issue 25 replaces the circle by this
 * layout on purpose, since at 100 servants the circle put every node outside "Fit to view".
 *
 * A servant once shown keeps its automatic place for as long as the page is open and its group is the
 * same: a new bond, or a new servant, must not move the nodes a person is looking at (a keyboard bond
 * made in the node menu sent its target off the visible map).
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
  const shown = new Map<string, { at: Point; groupId: string | null }>();
  return computed(() => {
    const w = world.value;
    if (!w) return {};
    const input = layoutInput(w);
    const key = JSON.stringify([input, w.positions]);
    if (key !== lastKey) {
      const kept: Record<string, Point> = {};
      for (const node of input.nodes) {
        const before = shown.get(node.id);
        if (before && before.groupId === node.groupId) kept[node.id] = before.at;
      }
      last = placeUnplaced({ ...input, placed: { ...kept, ...w.positions } });
      shown.clear();
      for (const node of input.nodes)
        if (!w.positions[node.id] && last[node.id])
          shown.set(node.id, { at: last[node.id]!, groupId: node.groupId });
      lastKey = key;
    }
    return last;
  });
}

/** Every servant laid out afresh, at the size each node is drawn (the default for hidden ones). */
export function tidyPositions(world: World, drawnSize: (id: string) => Size | null): Record<string, Point> {
  return tidyLayout({ ...layoutInput(world), size: (id) => drawnSize(id) ?? { width: 200, height: 56 } });
}
