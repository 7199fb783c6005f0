/**
 * The servants a node's menu offers: whom it can still connect to, and whom it has a bond to cut.
 * Bonds are directed (source → target: the source may hand work to the target or ask it), as on the map.
 */
export interface BondAgent {
  id: string;
  name: string;
  connectedAgents: readonly string[];
}

export interface Candidate {
  id: string;
  name: string;
}

const byName = (a: Candidate, b: Candidate) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Everyone but the servant itself and those it is already connected to (no self-loop, no duplicate). */
export function connectCandidates(agents: readonly BondAgent[], agentId: string): Candidate[] {
  const self = agents.find((a) => a.id === agentId);
  if (!self) return [];
  return agents
    .filter((a) => a.id !== agentId && !self.connectedAgents.includes(a.id))
    .map(({ id, name }) => ({ id, name }))
    .sort(byName);
}

/** The servant's out-bonds, to servants that still exist (the world drops the others on load). */
export function cutCandidates(agents: readonly BondAgent[], agentId: string): Candidate[] {
  const self = agents.find((a) => a.id === agentId);
  if (!self) return [];
  return self.connectedAgents
    .map((id) => agents.find((a) => a.id === id))
    .filter((a): a is BondAgent => a !== undefined)
    .map(({ id, name }) => ({ id, name }))
    .sort(byName);
}

/** Width- and case-insensitive, so "ｊｅｍ" and "JEM" both find Jemmy; matches the name or the id. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

export function filterCandidates(list: readonly Candidate[], query: string): Candidate[] {
  const q = fold(query.trim());
  if (q === '') return [...list];
  return list.filter((c) => fold(c.name).includes(q) || fold(c.id).includes(q));
}

/**
 * The next active row of a list for a key (arrows wrap round, Home/End jump); null: not a list key.
 * `current` -1 means no row is active yet.
 */
export function nextActive(current: number, key: string, count: number): number | null {
  if (count === 0)
    return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End' ? -1 : null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
