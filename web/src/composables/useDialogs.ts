import { nextTick, reactive } from 'vue';

/** Which dialog is open; one at a time except the confirm modal, which stacks above any. */
export type DialogName =
  | 'settings'
  | 'templates'
  | 'agentSettings'
  | 'sessions'
  | 'approvals'
  | 'roles'
  | 'ordinance'
  | 'stats'
  | 'mcp'
  | 'schedules';

export const dialogs = reactive({
  open: null as DialogName | null,
  /** The agent the agent-settings dialog edits; null: a new servant. */
  agentId: null as string | null,
  /** The first page a dialog opens on (e.g. settings → 'ui.tour'). */
  page: null as string | null,
});

/**
 * What had the focus when the first dialog opened: it gets it back when the dialog closes, so a
 * keyboard user goes on from where they were (the node, the button) instead of from the page's top.
 */
let opener: HTMLElement | null = null;

export function openDialog(
  name: DialogName,
  options: { agentId?: string | null; page?: string | null } = {},
): void {
  if (dialogs.open === null && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  dialogs.open = name;
  dialogs.agentId = options.agentId ?? null;
  dialogs.page = options.page ?? null;
}

export function closeDialog(): void {
  dialogs.open = null;
  const back = opener;
  opener = null;
  if (back)
    void nextTick(() => {
      // Only when the focus was left nowhere (on the body): a dialog that moved it on purpose wins.
      const active = document.activeElement;
      if (back.isConnected && (active === null || active === document.body)) back.focus();
    });
}
