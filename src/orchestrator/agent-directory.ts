/**
 * The agents of one world version, by id (issue 24): names and specs were found by scanning or
 * mapping the whole agent list for every label, which made each turn cost grow with the village.
 * The world changes by replacing its agent list, so the list itself is the version key: a directory
 * is built once per list and dropped with it.
 */
import type { AgentSpec } from '../domain/agent.ts';

export interface AgentDirectory {
  spec(id: string): AgentSpec | undefined;
  /** Display names by id; shared, so callers only read it. */
  readonly names: ReadonlyMap<string, string>;
}

const directories = new WeakMap<readonly AgentSpec[], AgentDirectory>();

export function agentDirectory(agents: readonly AgentSpec[]): AgentDirectory {
  let directory = directories.get(agents);
  if (directory === undefined) {
    directory = build(agents);
    directories.set(agents, directory);
  }
  return directory;
}

function build(agents: readonly AgentSpec[]): AgentDirectory {
  const specs = new Map<string, AgentSpec>();
  const names = new Map<string, string>();
  for (const agent of agents) {
    // Of two equal ids the spec is the first (as `find` gave) and the name the last (as a Map built
    // from the list gave); a valid world has neither.
    if (!specs.has(agent.id)) specs.set(agent.id, agent);
    names.set(agent.id, agent.name);
  }
  return { spec: (id) => specs.get(id), names };
}
