/** One section of the agent list: a group (or no group, `groupId` null) and its agents in order. */
export interface ListSection {
  groupId: string | null;
  agentIds: string[];
}

export interface AgentDrop {
  /** The full order over every section, collapsed ones included. */
  order: string[];
  /** Set only when the agent moved to another section. */
  regroup: { agentId: string; groupId: string | null } | null;
}

/**
 * The one `commit_agent_drop` call for a finished drag (ledger part 2 §1.7): the sections as they
 * look after the drop, flattened in section order, plus the new group when the section changed.
 */
export function agentDrop(
  after: readonly ListSection[],
  movedId: string,
  fromGroup: string | null,
  toGroup: string | null,
): AgentDrop {
  return {
    order: after.flatMap((s) => s.agentIds),
    regroup: fromGroup === toGroup ? null : { agentId: movedId, groupId: toGroup },
  };
}

/** Sections in display order: "no group" first, then every group in world order; unknown groupIds read as none. */
export function listSections<T extends { id: string; groupId: string | null }>(
  agents: readonly T[],
  groups: readonly { id: string }[],
): { groupId: string | null; agents: T[] }[] {
  const known = new Set(groups.map((g) => g.id));
  return [
    {
      groupId: null as string | null,
      agents: agents.filter((a) => a.groupId === null || !known.has(a.groupId)),
    },
    ...groups.map((g) => ({
      groupId: g.id as string | null,
      agents: agents.filter((a) => a.groupId === g.id),
    })),
  ];
}
