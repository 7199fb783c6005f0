import { describe, expect, it } from 'vitest';
import type { AgentGroupId, AgentId, ModelTemplateId, RoleId } from '../domain/ids.ts';
import type { AgentSpecInput } from '../domain/schemas.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../domain/template.ts';
import type { AgentGroup, Role } from '../domain/village.ts';
import {
  commitAgentDrop,
  createAgent,
  deleteAgent,
  deriveAgentId,
  setConnections,
  updateAgent,
} from './agents.ts';
import { emptyWorld, type WorldState } from './world-state.ts';
import { codeOf } from '../../test/helpers/core-error.ts';

const TPL = 'tpl' as ModelTemplateId;
const TPL2 = 'tpl2' as ModelTemplateId;
const GROUP = '11111111-1111-4111-8111-111111111111' as AgentGroupId;
const OTHER_GROUP = '33333333-3333-4333-9333-333333333333' as AgentGroupId;

const aid = (id: string) => id as AgentId;

function template(id: ModelTemplateId): ModelTemplate {
  return { ...TEMPLATE_DEFAULTS, id, name: `T ${id}`, baseUrl: 'http://localhost:1234/v1', model: 'm' };
}

function role(id: string, defaults: Partial<Role['defaults']> = {}): Role {
  return {
    id: id as RoleId,
    name: `Role ${id}`,
    description: '',
    color: null,
    defaults: {
      construct: '',
      modelTemplateId: null,
      enabledTools: null,
      maxToolIterations: null,
      ...defaults,
    },
  };
}

function baseWorld(extra: Partial<WorldState> = {}): WorldState {
  const group: AgentGroup = { id: GROUP, name: 'G', batchStart: true };
  return { ...emptyWorld(), templates: [template(TPL), template(TPL2)], groups: [group], ...extra };
}

function input(name: string, extra: Partial<AgentSpecInput> = {}): AgentSpecInput {
  return { name, modelTemplateId: TPL, ...extra };
}

/** A world with agents created through createAgent, in order, ids agent_1.. */
function withAgents(...names: string[]): WorldState {
  let world = baseWorld();
  for (const name of names) world = createAgent(world, input(name)).world;
  return world;
}

function agentById(world: WorldState, id: string) {
  const found = world.agents.find((a) => a.id === id);
  if (!found) throw new Error(`test setup: no agent ${id}`);
  return found;
}

describe('createAgent ids', () => {
  it('derives agent_1, agent_2 in turn', () => {
    const first = createAgent(baseWorld(), input('One'));
    expect(first.spec.id).toBe('agent_1');
    const second = createAgent(first.world, input('Two'));
    expect(second.spec.id).toBe('agent_2');
    expect(second.world.agents.map((a) => a.id)).toEqual(['agent_1', 'agent_2']);
  });

  it('reuses the smallest free number after a delete', () => {
    const world = deleteAgent(withAgents('One', 'Two', 'Three'), aid('agent_2'));
    expect(deriveAgentId(world)).toBe('agent_2');
    expect(createAgent(world, input('Again')).spec.id).toBe('agent_2');
  });

  it('uses an explicit id when given', () => {
    expect(createAgent(baseWorld(), input('X', { id: aid('scribe') })).spec.id).toBe('scribe');
  });

  it('refuses an existing id with DUPLICATE_AGENT', () => {
    const world = withAgents('One');
    expect(() => createAgent(world, input('Other', { id: aid('agent_1') }))).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_AGENT' }),
    );
  });

  it('does not change the world it was given', () => {
    const world = baseWorld();
    createAgent(world, input('One'));
    expect(world.agents).toEqual([]);
  });
});

describe('createAgent validation', () => {
  it('refuses a name equal to another after trimming with DUPLICATE_AGENT_NAME', () => {
    const world = withAgents('Scout');
    expect(codeOf(() => createAgent(world, input('  Scout  ')))).toBe('DUPLICATE_AGENT_NAME');
  });

  it('compares against the trimmed stored name too', () => {
    const base = withAgents('x');
    const world: WorldState = { ...base, agents: [{ ...agentById(base, 'agent_1'), name: ' Scout ' }] };
    expect(codeOf(() => createAgent(world, input('Scout')))).toBe('DUPLICATE_AGENT_NAME');
  });

  it('stores the trimmed name', () => {
    expect(createAgent(baseWorld(), input('  Scout ')).spec.name).toBe('Scout');
  });

  it('accepts existing duplicates in a loaded state: only the written name is checked', () => {
    const loaded = withAgents('A', 'B');
    const dupes: WorldState = {
      ...loaded,
      agents: loaded.agents.map((a) => ({ ...a, name: 'Same' })),
    };
    const created = createAgent(dupes, input('Fresh'));
    expect(created.world.agents.map((a) => a.name)).toEqual(['Same', 'Same', 'Fresh']);
    expect(codeOf(() => createAgent(dupes, input('Same')))).toBe('DUPLICATE_AGENT_NAME');
    const renamed = updateAgent(dupes, { id: aid('agent_2'), name: 'Unique' });
    expect(renamed.agents.map((a) => a.name)).toEqual(['Same', 'Unique']);
  });

  it.each(['', '   ', '\t\n'])('refuses the empty or blank name %j with INVALID_ARGUMENT', (name) => {
    expect(codeOf(() => createAgent(baseWorld(), input(name)))).toBe('INVALID_ARGUMENT');
  });

  it('refuses an unknown template with MODEL_TEMPLATE_NOT_FOUND', () => {
    expect(
      codeOf(() => createAgent(baseWorld(), input('X', { modelTemplateId: 'nope' as ModelTemplateId }))),
    ).toBe('MODEL_TEMPLATE_NOT_FOUND');
  });

  it('refuses an unknown group with GROUP_NOT_FOUND', () => {
    expect(codeOf(() => createAgent(baseWorld(), input('X', { groupId: OTHER_GROUP })))).toBe(
      'GROUP_NOT_FOUND',
    );
    expect(createAgent(baseWorld(), input('X', { groupId: GROUP })).spec.groupId).toBe(GROUP);
  });

  it('refuses an unknown role with ROLE_NOT_FOUND', () => {
    expect(codeOf(() => createAgent(baseWorld(), input('X', { roleId: 'ghost' as RoleId })))).toBe(
      'ROLE_NOT_FOUND',
    );
  });

  it('refuses a relative workDir with INVALID_ARGUMENT and keeps an absolute one', () => {
    expect(codeOf(() => createAgent(baseWorld(), input('X', { workDir: 'relative/dir' })))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(createAgent(baseWorld(), input('X', { workDir: '/abs/dir' })).spec.workDir).toBe('/abs/dir');
    expect(createAgent(baseWorld(), input('X', { workDir: '  ' })).spec.workDir).toBeNull();
  });

  it('validates connections given at creation', () => {
    const world = withAgents('One');
    expect(codeOf(() => createAgent(world, input('X', { connectedAgents: [aid('ghost')] })))).toBe(
      'INVALID_TOPOLOGY',
    );
    const created = createAgent(world, input('X', { connectedAgents: [aid('agent_1'), aid('agent_1')] }));
    expect(created.spec.connectedAgents).toEqual(['agent_1']);
  });

  it('fills the spec defaults and the next order', () => {
    const world = withAgents('One', 'Two');
    const { spec } = createAgent(world, input('Three'));
    expect(spec).toMatchObject({
      order: 2,
      usesBlackboard: true,
      batchStart: true,
      hearsRoomLog: true,
      allowHandoff: true,
      planReview: false,
      enabledTools: null,
      maxToolIterations: null,
      workDir: null,
      groupId: null,
      roleId: null,
      connectedAgents: [],
      ragSources: [],
    });
  });
});

describe('createAgent with a role', () => {
  const fullRole = role('coder', {
    construct: 'You write code.',
    modelTemplateId: TPL2,
    enabledTools: ['read', 'write'],
    maxToolIterations: 7,
  });

  it('copies the role defaults for omitted fields and returns the Construct', () => {
    const world = baseWorld({ roles: [fullRole] });
    const omitted: AgentSpecInput = { name: 'Coder', roleId: fullRole.id };
    const created = createAgent(world, omitted);
    expect(created.spec).toMatchObject({
      modelTemplateId: TPL2,
      enabledTools: ['read', 'write'],
      maxToolIterations: 7,
      roleId: 'coder',
    });
    expect(created.construct).toBe('You write code.');
    expect(created.warnings).toEqual([]);
  });

  it('keeps the fields the input gave, including an explicit null', () => {
    const world = baseWorld({ roles: [fullRole] });
    const created = createAgent(
      world,
      input('Coder', { roleId: fullRole.id, modelTemplateId: TPL, enabledTools: null, maxToolIterations: 3 }),
    );
    expect(created.spec).toMatchObject({ modelTemplateId: TPL, enabledTools: null, maxToolIterations: 3 });
    expect(created.construct).toBe('You write code.');
  });

  it('returns no construct when the role has none', () => {
    const world = baseWorld({ roles: [role('plain')] });
    expect(createAgent(world, input('P', { roleId: 'plain' as RoleId })).construct).toBeNull();
    expect(createAgent(world, input('P')).construct).toBeNull();
  });

  it('warns and does not copy a role template that is missing', () => {
    const broken = role('broken', { modelTemplateId: 'gone' as ModelTemplateId, maxToolIterations: 4 });
    const world = baseWorld({ roles: [broken] });
    const created = createAgent(world, input('B', { roleId: broken.id }));
    expect(created.spec.modelTemplateId).toBe(TPL);
    expect(created.spec.maxToolIterations).toBe(4);
    expect(created.warnings).toHaveLength(1);
    expect(created.warnings[0]).toContain('gone');
  });

  it('copies nothing when updateAgent sets a new roleId', () => {
    const world = baseWorld({ roles: [fullRole] });
    const created = createAgent(world, input('Plain'));
    const updated = updateAgent(created.world, { id: created.spec.id, roleId: fullRole.id });
    expect(agentById(updated, created.spec.id)).toMatchObject({
      roleId: 'coder',
      modelTemplateId: TPL,
      enabledTools: null,
      maxToolIterations: null,
    });
  });

  it('refuses an unknown roleId on update with ROLE_NOT_FOUND', () => {
    const world = withAgents('One');
    expect(codeOf(() => updateAgent(world, { id: aid('agent_1'), roleId: 'ghost' as RoleId }))).toBe(
      'ROLE_NOT_FOUND',
    );
  });
});

describe('createAgent without a template', () => {
  it('refuses when neither the input nor the role names a template', () => {
    const world = baseWorld({ roles: [role('plain')] });
    expect(() => createAgent(world, { name: 'X', roleId: 'plain' as RoleId })).toThrow(
      expect.objectContaining({ code: 'MODEL_TEMPLATE_NOT_FOUND' }),
    );
    expect(() => createAgent(world, { name: 'X' })).toThrow(
      expect.objectContaining({ code: 'MODEL_TEMPLATE_NOT_FOUND' }),
    );
  });
});

describe('updateAgent with names duplicated by an older village', () => {
  it('edits other fields of a duplicate, but refuses renaming onto a taken name', () => {
    let world = withAgents('Twin', 'Other');
    world = { ...world, agents: world.agents.map((a) => (a.id === 'agent_2' ? { ...a, name: 'Twin' } : a)) };
    const next = updateAgent(world, { id: aid('agent_2'), usesBlackboard: false });
    expect(next.agents.find((a) => a.id === 'agent_2')).toMatchObject({
      name: 'Twin',
      usesBlackboard: false,
    });
    expect(() => updateAgent(world, { id: aid('agent_2'), name: 'Twin ' })).not.toThrow();
    const third = createAgent(world, input('Third')).world;
    expect(() => updateAgent(third, { id: aid('agent_3'), name: 'Twin' })).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_AGENT_NAME' }),
    );
  });
});

describe('updateAgent', () => {
  it('keeps the fields it was not given', () => {
    let world = withAgents('One');
    world = updateAgent(world, { id: aid('agent_1'), usesBlackboard: false, planReview: true });
    world = updateAgent(world, { id: aid('agent_1'), name: 'Renamed' });
    expect(agentById(world, 'agent_1')).toMatchObject({
      name: 'Renamed',
      usesBlackboard: false,
      planReview: true,
      batchStart: true,
    });
  });

  it('trims the new name and refuses a clash with another agent', () => {
    const world = withAgents('One', 'Two');
    expect(agentById(updateAgent(world, { id: aid('agent_1'), name: ' Uno ' }), 'agent_1').name).toBe('Uno');
    expect(codeOf(() => updateAgent(world, { id: aid('agent_1'), name: 'Two ' }))).toBe(
      'DUPLICATE_AGENT_NAME',
    );
    expect(codeOf(() => updateAgent(world, { id: aid('agent_1'), name: '  ' }))).toBe('INVALID_ARGUMENT');
  });

  it('lets an agent keep its own name', () => {
    const world = withAgents('One');
    expect(() => updateAgent(world, { id: aid('agent_1'), name: 'One' })).not.toThrow();
  });

  it('refuses a missing id with AGENT_NOT_FOUND', () => {
    expect(codeOf(() => updateAgent(withAgents('One'), { id: aid('agent_9'), name: 'X' }))).toBe(
      'AGENT_NOT_FOUND',
    );
  });

  it('checks a changed template, group and workDir', () => {
    const world = withAgents('One');
    const id = aid('agent_1');
    expect(codeOf(() => updateAgent(world, { id, modelTemplateId: 'nope' as ModelTemplateId }))).toBe(
      'MODEL_TEMPLATE_NOT_FOUND',
    );
    expect(codeOf(() => updateAgent(world, { id, groupId: OTHER_GROUP }))).toBe('GROUP_NOT_FOUND');
    expect(codeOf(() => updateAgent(world, { id, workDir: 'rel' }))).toBe('INVALID_ARGUMENT');
    expect(agentById(updateAgent(world, { id, modelTemplateId: TPL2 }), 'agent_1').modelTemplateId).toBe(
      TPL2,
    );
  });
});

describe('setConnections', () => {
  it('refuses a self-loop and an unknown target with INVALID_TOPOLOGY', () => {
    const world = withAgents('One', 'Two');
    expect(codeOf(() => setConnections(world, aid('agent_1'), [aid('agent_1')]))).toBe('INVALID_TOPOLOGY');
    expect(codeOf(() => setConnections(world, aid('agent_1'), [aid('agent_2'), aid('ghost')]))).toBe(
      'INVALID_TOPOLOGY',
    );
  });

  it('allows cycles', () => {
    let world = withAgents('One', 'Two');
    world = setConnections(world, aid('agent_1'), [aid('agent_2')]);
    world = setConnections(world, aid('agent_2'), [aid('agent_1')]);
    expect(agentById(world, 'agent_1').connectedAgents).toEqual(['agent_2']);
    expect(agentById(world, 'agent_2').connectedAgents).toEqual(['agent_1']);
  });

  it('collapses duplicates, keeping first-seen order', () => {
    const world = withAgents('One', 'Two', 'Three');
    const next = setConnections(world, aid('agent_1'), [aid('agent_3'), aid('agent_2'), aid('agent_3')]);
    expect(agentById(next, 'agent_1').connectedAgents).toEqual(['agent_3', 'agent_2']);
  });

  it('refuses an unknown source with AGENT_NOT_FOUND', () => {
    expect(codeOf(() => setConnections(withAgents('One'), aid('ghost'), []))).toBe('AGENT_NOT_FOUND');
  });
});

describe('deleteAgent', () => {
  it('removes the agent, edges to it, its position and verifier; a reception naming it stays', () => {
    let world = withAgents('One', 'Two', 'Three');
    world = setConnections(world, aid('agent_1'), [aid('agent_2'), aid('agent_3')]);
    world = setConnections(world, aid('agent_3'), [aid('agent_2')]);
    world = {
      ...world,
      topologyPositions: { agent_1: { x: 0, y: 0 }, agent_2: { x: 1, y: 1 } },
      defaultVerifier: aid('agent_2'),
      reception: aid('agent_2'),
      unknown: { ...world.unknown, agents: { agent_2: { future: 1 }, agent_1: { future: 2 } } },
    };
    const next = deleteAgent(world, aid('agent_2'));
    expect(next.agents.map((a) => a.id)).toEqual(['agent_1', 'agent_3']);
    expect(agentById(next, 'agent_1').connectedAgents).toEqual(['agent_3']);
    expect(agentById(next, 'agent_3').connectedAgents).toEqual([]);
    expect(next.topologyPositions).toEqual({ agent_1: { x: 0, y: 0 } });
    expect(next.defaultVerifier).toBeNull();
    expect(next.reception).toBe('agent_2');
    expect(next.unknown.agents).toEqual({ agent_1: { future: 2 } });
  });

  it('leaves verifier and reception naming another agent', () => {
    const world = { ...withAgents('One', 'Two'), defaultVerifier: aid('agent_1'), reception: aid('agent_1') };
    const next = deleteAgent(world, aid('agent_2'));
    expect(next.defaultVerifier).toBe('agent_1');
    expect(next.reception).toBe('agent_1');
  });

  it('refuses a missing id with AGENT_NOT_FOUND', () => {
    expect(codeOf(() => deleteAgent(withAgents('One'), aid('agent_2')))).toBe('AGENT_NOT_FOUND');
  });
});

describe('commitAgentDrop', () => {
  const orderOf = (world: WorldState) =>
    [...world.agents].sort((a, b) => a.order - b.order).map((a) => a.id as string);

  it('sets order by position and regroups one agent in one step', () => {
    const world = withAgents('One', 'Two', 'Three');
    const next = commitAgentDrop(world, [aid('agent_3'), aid('agent_1'), aid('agent_2')], {
      agentId: aid('agent_3'),
      groupId: GROUP,
    });
    expect(Object.fromEntries(next.agents.map((a) => [a.id, a.order]))).toEqual({
      agent_3: 0,
      agent_1: 1,
      agent_2: 2,
    });
    expect(next.agents.map((a) => [a.id, a.groupId])).toEqual([
      ['agent_1', null],
      ['agent_2', null],
      ['agent_3', GROUP],
    ]);
  });

  it('can move an agent out of its group', () => {
    let world = withAgents('One');
    world = updateAgent(world, { id: aid('agent_1'), groupId: GROUP });
    const next = commitAgentDrop(world, [aid('agent_1')], { agentId: aid('agent_1'), groupId: null });
    expect(agentById(next, 'agent_1').groupId).toBeNull();
  });

  it('puts agents left out of the order after the listed ones, keeping their relative order', () => {
    const world = withAgents('One', 'Two', 'Three', 'Four');
    const next = commitAgentDrop(world, [aid('agent_4'), aid('agent_2')], null);
    expect(orderOf(next)).toEqual(['agent_4', 'agent_2', 'agent_1', 'agent_3']);
  });

  it('refuses an unknown agent with AGENT_NOT_FOUND', () => {
    const world = withAgents('One');
    expect(codeOf(() => commitAgentDrop(world, [aid('agent_1'), aid('ghost')], null))).toBe(
      'AGENT_NOT_FOUND',
    );
    expect(
      codeOf(() => commitAgentDrop(world, [aid('agent_1')], { agentId: aid('ghost'), groupId: null })),
    ).toBe('AGENT_NOT_FOUND');
  });

  it('refuses an unknown group with GROUP_NOT_FOUND', () => {
    const world = withAgents('One');
    expect(
      codeOf(() =>
        commitAgentDrop(world, [aid('agent_1')], { agentId: aid('agent_1'), groupId: OTHER_GROUP }),
      ),
    ).toBe('GROUP_NOT_FOUND');
  });

  it('refuses an agent listed twice with INVALID_ARGUMENT', () => {
    const world = withAgents('One', 'Two');
    expect(codeOf(() => commitAgentDrop(world, [aid('agent_1'), aid('agent_2'), aid('agent_1')], null))).toBe(
      'INVALID_ARGUMENT',
    );
  });

  it('changes nothing when it refuses', () => {
    const world = withAgents('One', 'Two');
    const before = structuredClone(world);
    expect(() =>
      commitAgentDrop(world, [aid('agent_2')], { agentId: aid('agent_2'), groupId: OTHER_GROUP }),
    ).toThrow(expect.objectContaining({ code: 'GROUP_NOT_FOUND' }));
    expect(world).toEqual(before);
  });
});
