import { describe, expect, it } from 'vitest';
import { agentDrop, listSections } from './agent-drop.ts';

describe('agent list drop', () => {
  it('writes the whole order and regroups only across sections', () => {
    const after = [
      { groupId: 'g1', agentIds: ['b', 'a'] },
      { groupId: null, agentIds: ['c'] },
    ];
    expect(agentDrop(after, 'a', 'g1', 'g1')).toEqual({ order: ['b', 'a', 'c'], regroup: null });
    expect(agentDrop(after, 'a', null, 'g1')).toEqual({
      order: ['b', 'a', 'c'],
      regroup: { agentId: 'a', groupId: 'g1' },
    });
    expect(agentDrop(after, 'c', 'g1', null).regroup).toEqual({ agentId: 'c', groupId: null });
  });

  it('sections start with no group (which takes agents of unknown groups), then follow group order', () => {
    const agents = [
      { id: 'a', groupId: null },
      { id: 'b', groupId: 'g2' },
      { id: 'c', groupId: 'gone' },
      { id: 'd', groupId: 'g1' },
    ];
    const sections = listSections(agents, [{ id: 'g1' }, { id: 'g2' }]);
    expect(sections.map((s) => [s.groupId, s.agents.map((a) => a.id)])).toEqual([
      [null, ['a', 'c']],
      ['g1', ['d']],
      ['g2', ['b']],
    ]);
  });
});
