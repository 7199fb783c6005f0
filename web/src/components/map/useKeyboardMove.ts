/**
 * Moving a bond-map node with the arrow keys (10 px, Shift 50 px), for people who do not drag. Vue
 * Flow's own keyboard move is turned off (BondMap sets disable-keyboard-a11y): it moved a node only
 * after an extra Enter, never saved the place, and announced it in English. Here the node moves at
 * once, the place is saved a moment after the last key (one write for a held key, not one per
 * repeat), and the announcement is in the village language.
 */
import { ref } from 'vue';
import type { Point } from './layout.ts';

const STEP: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;
/** The wait after the last arrow key before the place is saved. */
export const SAVE_AFTER_MS = 400;

export interface KeyboardMoveDeps {
  /** Every node's place as the map draws it now (stored or laid out). */
  shown: () => Readonly<Record<string, Point>>;
  /**
   * The drawn places that are not stored (laid out): saved with a move, as a drag saves them. The
   * stored ones are not sent again, so a save never puts back a place another move just changed.
   */
  unstored: () => Readonly<Record<string, Point>>;
  /** Saves places (set_topology_positions); resolves to undefined when the save was refused. */
  save: (positions: Record<string, Point>) => Promise<unknown>;
  announce: (agentId: string, at: Point) => void;
}

export function useKeyboardMove(deps: KeyboardMoveDeps) {
  /** Places moved by key and not yet seen back in the world: drawn over the shown ones. */
  const moved = ref<Record<string, Point>>({});
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function save(): Promise<void> {
    timer = null;
    const pending = moved.value;
    if (Object.keys(pending).length === 0) return;
    const saved = await deps.save({ ...deps.unstored(), ...pending });
    // A refused save (its error is a toast already): the nodes go back to their stored places.
    if (saved === undefined) moved.value = {};
  }

  return {
    moved,
    /** An arrow key on a node: true when it moved the node (the key is then used up). */
    onKeydown(agentId: string, event: KeyboardEvent): boolean {
      const step = STEP[event.key];
      if (!step || event.altKey || event.ctrlKey || event.metaKey) return false;
      const from = moved.value[agentId] ?? deps.shown()[agentId];
      if (!from) return false;
      event.preventDefault();
      const size = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      const to = { x: Math.round(from.x + step.x * size), y: Math.round(from.y + step.y * size) };
      moved.value = { ...moved.value, [agentId]: to };
      deps.announce(agentId, to);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void save(), SAVE_AFTER_MS);
      return true;
    },
    /** The world now has these places: what it stores is drawn again, moves still waiting stay. */
    settle(stored: Readonly<Record<string, Point>>): void {
      const left = Object.entries(moved.value).filter(
        ([id, p]) => stored[id]?.x !== p.x || stored[id]?.y !== p.y,
      );
      if (left.length !== Object.keys(moved.value).length) moved.value = Object.fromEntries(left);
    },
    /** Saves at once what waits (the map is going away). */
    flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      return save();
    },
  };
}
