/**
 * The world projection is worked out once per world state (issue 24). It must answer exactly what the
 * uncached projection answered, key order included, and never an older state's figures.
 */
import { describe, expect, it } from 'vitest';
import type { AgentSnapshot, AgentSpec } from '../domain/agent.ts';
import type { AgentGroupId, AgentId, ModelTemplateId } from '../domain/ids.ts';
import type { ModelTemplate } from '../domain/template.ts';
import { IDLE_RUNTIME, type RuntimeView } from '../orchestrator/agent-runtime.ts';
import { emptyWorld, type WorldState } from '../world/world-state.ts';
import { projectWorld, type RuntimeOf } from './projection.ts';

function spec(id: string, order: number, fields: Partial<AgentSpec> = {}): AgentSpec {
  return {
    id: id as AgentId,
    name: `Servant ${id}`,
    modelTemplateId: 't1' as ModelTemplateId,
    ragSources: [],
    connectedAgents: [],
    order,
    workDir: null,
    maxToolIterations: null,
    enabledTools: null,
    hearsRoomLog: true,
    usesBlackboard: false,
    allowHandoff: false,
    planReview: false,
    batchStart: false,
    groupId: null,
    roleId: null,
    ...fields,
  };
}

function template(id: string, model: string): ModelTemplate {
  return { id: id as ModelTemplateId, name: id, model } as ModelTemplate;
}

function world(): WorldState {
  return {
    ...emptyWorld(),
    agents: [
      spec('a3', 2, { connectedAgents: ['a1' as AgentId] }),
      spec('a1', 0, { groupId: 'g1' as AgentGroupId }),
      spec('a2', 1, { groupId: 'gone' as AgentGroupId, modelTemplateId: 'missing' as ModelTemplateId }),
      spec('a4', 3, { modelTemplateId: 't2' as ModelTemplateId }),
    ],
    templates: [template('t1', 'model-one'), template('t2', 'model-two'), template('t2', 'shadowed')],
    groups: [{ id: 'g1' as AgentGroupId, name: 'G', batchStart: false }],
    tokenBudget: 5000,
  };
}

/** The projection as written before the cache: the reference the cached one must equal. */
function uncachedAgents(w: WorldState, runtimeOf: RuntimeOf): AgentSnapshot[] {
  const groups = new Set<string>(w.groups.map((g) => g.id));
  return [...w.agents]
    .sort((a, b) => a.order - b.order)
    .map((s) => ({
      ...s,
      groupId: s.groupId !== null && groups.has(s.groupId) ? s.groupId : null,
      model: w.templates.find((t) => t.id === s.modelTemplateId)?.model ?? '',
      ...runtimeOf(s.id),
    }));
}

const running = (uptimeSecs: number): RuntimeView => ({
  ...IDLE_RUNTIME,
  status: 'running',
  typing: true,
  uptimeSecs,
  totalTokens: 42,
});

describe('projectWorld', () => {
  it('answers what the uncached projection answered, key order included', () => {
    const w = world();
    const runtimeOf: RuntimeOf = (id) => (id === 'a4' ? running(7) : IDLE_RUNTIME);
    const projected = projectWorld(w, 'v1', runtimeOf);
    expect(JSON.stringify(projected.agents)).toBe(JSON.stringify(uncachedAgents(w, runtimeOf)));
    expect(projected.agents.map((a) => [a.id, a.groupId, a.model])).toEqual([
      ['a1', 'g1', 'model-one'],
      ['a2', null, ''],
      ['a3', null, 'model-one'],
      ['a4', null, 'model-two'],
    ]);
    expect(projected.edges).toEqual([{ source: 'a3', target: 'a1' }]);
    expect(projected.settings.tokenBudget).toBe(5000);
  });

  it('takes the runtime figures of each call, not of the first one', () => {
    const w = world();
    let uptime = 1;
    const runtimeOf: RuntimeOf = (id) => (id === 'a1' ? running(uptime) : IDLE_RUNTIME);
    expect(projectWorld(w, 'v1', runtimeOf).agents[0]?.uptimeSecs).toBe(1);
    uptime = 2;
    expect(projectWorld(w, 'v1', runtimeOf).agents[0]).toMatchObject({ uptimeSecs: 2, status: 'running' });
    expect(projectWorld(w, 'v1').agents[0]).toMatchObject({ uptimeSecs: 0, status: 'idle' });
  });

  it('a changed world (a new state) is projected anew', () => {
    const before = world();
    expect(projectWorld(before, 'v1').agents[0]?.name).toBe('Servant a1');
    const after: WorldState = {
      ...before,
      agents: before.agents.map((a) => (a.id === 'a1' ? { ...a, name: 'Renamed' } : a)),
      groups: [],
      tokenBudget: null,
    };
    const projected = projectWorld(after, 'v1');
    expect(projected.agents[0]).toMatchObject({ name: 'Renamed', groupId: null });
    expect(projected.settings.tokenBudget).toBeNull();
    expect(projectWorld(before, 'v1').agents[0]?.name).toBe('Servant a1');
  });
});
