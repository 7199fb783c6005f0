/**
 * What the bond map does with a node besides dragging: a click selects the servant for the chat and
 * the list (the selection the list uses), a double click opens its settings, hover and keyboard focus
 * say whose bonds to draw out, Enter selects and Shift+F10 / the menu key opens the node menu.
 * It needs only the map's container (to find node elements), nothing of the village store.
 */
import { nextTick, ref, type ComputedRef, type InjectionKey, type Ref } from 'vue';
import { openDialog } from '../../composables/useDialogs.ts';
import { selectAgent } from '../../composables/useSelection.ts';

export interface NodeMenuAt {
  agentId: string;
  x: number;
  y: number;
}

interface NodeEvent {
  node: { id: string };
  event?: Event | MouseEvent | TouchEvent;
}

const NODE = '.vue-flow__node';

/** Whose bonds the map draws out (BondMap provides it, AgentNode reads it). */
export interface MapEmphasis {
  focus: string | null;
  neighbours: ReadonlySet<string>;
}
export const MAP_EMPHASIS: InjectionKey<ComputedRef<MapEmphasis>> = Symbol('map-emphasis');

export function useNodeSelection(container: Ref<HTMLElement | null>) {
  const hovered = ref<string | null>(null);
  const focused = ref<string | null>(null);
  const menu = ref<NodeMenuAt | null>(null);
  // Nodes slide under a still pointer while the map pans or zooms: that is no hover, and restyling
  // hundreds of edges each time one passes would cost frames.
  let moving = false;

  function nodeElement(agentId: string): HTMLElement | null {
    for (const el of container.value?.querySelectorAll<HTMLElement>(NODE) ?? [])
      if (el.dataset.id === agentId) return el;
    return null;
  }
  /** The node whose own wrapper has the event (not an input or button inside it). */
  const nodeIdOf = (target: EventTarget | null): string | null => {
    const el = target as HTMLElement | null;
    return el?.classList?.contains('vue-flow__node') ? (el.dataset.id ?? null) : null;
  };

  function openMenu(agentId: string, anchor?: Element | null) {
    if (menu.value?.agentId === agentId) return;
    const rect = (anchor ?? nodeElement(agentId))?.getBoundingClientRect();
    const width = 240;
    const x = rect ? Math.min(rect.right + 6, window.innerWidth - width - 8) : 40;
    const y = rect ? Math.min(rect.top, window.innerHeight - 320) : 40;
    menu.value = { agentId, x: Math.max(8, x), y: Math.max(8, y) };
  }

  /** Closes the menu; with restoreFocus the node gets the focus back (Escape, Tab, a choice made). */
  function closeMenu(restoreFocus: boolean) {
    const agentId = menu.value?.agentId;
    menu.value = null;
    if (restoreFocus && agentId) void focusNode(agentId);
  }

  async function focusNode(agentId: string) {
    await nextTick();
    nodeElement(agentId)?.focus();
  }

  return {
    hovered,
    focused,
    menu,
    openMenu,
    closeMenu,
    focusNode,
    onNodeClick: ({ node }: NodeEvent) => selectAgent(node.id),
    onNodeDoubleClick: ({ node }: NodeEvent) => openDialog('agentSettings', { agentId: node.id }),
    onNodeMouseEnter: ({ node }: NodeEvent) => {
      if (!moving) hovered.value = node.id;
    },
    onMoveStart: () => (moving = true),
    onMoveEnd: () => (moving = false),
    onNodeMouseLeave: () => (hovered.value = null),
    onNodeContextMenu: ({ node, event }: NodeEvent) => {
      // Right click (and, in some browsers, the menu key after its keydown) opens our menu instead.
      event?.preventDefault();
      openMenu(node.id, nodeElement(node.id));
    },
    onFocusIn: (event: FocusEvent) => (focused.value = nodeIdOf(event.target)),
    onFocusOut: () => (focused.value = null),
    /** A node's own keys; true when it was one of them (the map's other keys are left alone). */
    onNodeKeydown(event: KeyboardEvent): boolean {
      const agentId = nodeIdOf(event.target);
      if (!agentId) return false;
      if (event.key === 'Enter') {
        selectAgent(agentId);
        return true;
      }
      if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        openMenu(agentId, event.target as Element);
        return true;
      }
      return false;
    },
  };
}
