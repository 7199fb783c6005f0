import { describe, expect, it } from 'vitest';
import { connectCandidates, cutCandidates, filterCandidates, nextActive } from './bond-candidates.ts';

const agents = [
  { id: 'agent_1', name: 'Zari', connectedAgents: ['agent_3', 'agent_9'] },
  { id: 'agent_2', name: 'Jemmy', connectedAgents: [] },
  { id: 'agent_3', name: 'Ruri', connectedAgents: ['agent_1'] },
  { id: 'agent_4', name: 'Amane', connectedAgents: [] },
];

describe('bond candidates', () => {
  it('offers everyone else not yet connected to, sorted by name', () => {
    expect(connectCandidates(agents, 'agent_1').map((c) => c.name)).toEqual(['Amane', 'Jemmy']);
    // An in-bond (Ruri → Zari) does not stop Zari connecting back.
    expect(connectCandidates(agents, 'agent_1').some((c) => c.id === 'agent_1')).toBe(false);
    expect(connectCandidates(agents, 'agent_2').map((c) => c.id)).toEqual(['agent_4', 'agent_3', 'agent_1']);
  });

  it('offers the out-bonds to cut, leaving out servants that no longer exist', () => {
    expect(cutCandidates(agents, 'agent_1')).toEqual([{ id: 'agent_3', name: 'Ruri' }]);
    expect(cutCandidates(agents, 'agent_2')).toEqual([]);
  });

  it('offers nothing for an unknown servant', () => {
    expect(connectCandidates(agents, 'nobody')).toEqual([]);
    expect(cutCandidates(agents, 'nobody')).toEqual([]);
  });

  it('filters by name or id, ignoring case and full-width letters', () => {
    const list = connectCandidates(agents, 'agent_1');
    expect(filterCandidates(list, 'jem').map((c) => c.name)).toEqual(['Jemmy']);
    expect(filterCandidates(list, 'ＡＭＡ').map((c) => c.name)).toEqual(['Amane']);
    expect(filterCandidates(list, 'agent_2').map((c) => c.name)).toEqual(['Jemmy']);
    expect(filterCandidates(list, '  ')).toEqual(list);
    expect(filterCandidates(list, 'nobody')).toEqual([]);
  });

  it('moves the active row with the arrows (wrapping), Home and End', () => {
    expect(nextActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(nextActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(nextActive(2, 'ArrowDown', 3)).toBe(0);
    expect(nextActive(0, 'ArrowUp', 3)).toBe(2);
    expect(nextActive(1, 'Home', 3)).toBe(0);
    expect(nextActive(0, 'End', 3)).toBe(2);
    expect(nextActive(1, 'a', 3)).toBeNull();
    expect(nextActive(0, 'ArrowDown', 0)).toBe(-1);
    expect(nextActive(0, 'Enter', 0)).toBeNull();
  });
});
