import { reactive } from 'vue';

/** The servant the conversation pane talks to (and whose context ring shows). */
export const selection = reactive({ agentId: null as string | null });

export function selectAgent(agentId: string | null): void {
  selection.agentId = agentId;
}
