import { reactive } from 'vue';

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

export function openDialog(
  name: DialogName,
  options: { agentId?: string | null; page?: string | null } = {},
): void {
  dialogs.open = name;
  dialogs.agentId = options.agentId ?? null;
  dialogs.page = options.page ?? null;
}

export function closeDialog(): void {
  dialogs.open = null;
}
