import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import type { World } from '../../state/world.ts';
import { useMapPositions } from './useMapLayout.ts';

type Agent = World['agents'][number];

function worldOf(
  agents: { id: string; groupId?: string }[],
  edges: World['edges'] = [],
  positions: World['positions'] = {},
): World {
  return {
    agents: agents.map((a) => ({ id: a.id, groupId: a.groupId ?? null }) as unknown as Agent),
    edges,
    positions,
    groups: [{ id: 'g1', name: 'G1' }] as unknown as World['groups'],
  } as unknown as World;
}

describe('useMapPositions', () => {
  const three = [{ id: 'agent_1' }, { id: 'agent_2' }, { id: 'agent_3' }];

  it('keeps the places it showed when a bond or a servant is added', () => {
    const world = ref<World | null>(worldOf(three));
    const positions = useMapPositions(world);
    const before = { ...positions.value };
    expect(Object.keys(before).sort()).toEqual(['agent_1', 'agent_2', 'agent_3']);

    world.value = worldOf(three, [{ source: 'agent_1', target: 'agent_2' }]);
    expect(positions.value).toEqual(before);

    world.value = worldOf([...three, { id: 'agent_4' }], [{ source: 'agent_1', target: 'agent_2' }]);
    const after = positions.value;
    for (const id of ['agent_1', 'agent_2', 'agent_3']) expect(after[id]).toEqual(before[id]);
    expect(after.agent_4).toBeDefined();
  });

  it('places a servant again when its group changes, and stored positions always win', () => {
    const world = ref<World | null>(worldOf(three));
    const positions = useMapPositions(world);
    const before = { ...positions.value };

    world.value = worldOf([{ id: 'agent_1', groupId: 'g1' }, { id: 'agent_2' }, { id: 'agent_3' }], [], {
      agent_2: { x: 5000, y: 7000 },
    });
    expect(positions.value.agent_2).toEqual({ x: 5000, y: 7000 });
    expect(positions.value.agent_3).toEqual(before.agent_3);
    expect(positions.value.agent_1).not.toEqual(before.agent_1);
  });

  it('a fresh page lays the bonded village out afresh (nothing remembered across pages)', () => {
    const bonded = worldOf(three, [{ source: 'agent_1', target: 'agent_2' }]);
    const first = useMapPositions(ref<World | null>(worldOf(three))).value;
    const fresh = useMapPositions(ref<World | null>(bonded)).value;
    expect(fresh).not.toEqual(first);
  });
});
