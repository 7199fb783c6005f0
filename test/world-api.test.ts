import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeTempRoot,
  removeRoot,
  startTestVillage,
  TEMPLATE,
  webp,
  type TestVillage,
} from './helpers/village-server.ts';

interface World {
  agents: Record<string, unknown>[];
  templates: { id: string; credential: string }[];
  roles: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  edges: { source: string; target: string }[];
  positions: Record<string, { x: number; y: number }>;
  settings: Record<string, unknown>;
}

const opened: TestVillage[] = [];
async function open(root?: string) {
  const village = await startTestVillage({ root });
  opened.push(village);
  await village.ready();
  return village;
}
afterEach(async () => {
  for (const v of opened.splice(0)) {
    await v.close();
    await removeRoot(v.root);
  }
});

describe('village editing over the API', () => {
  it('creates agents with defaults, derives ids, and projects them as snapshots', async () => {
    const v = await open();
    const template = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    const a = await v.ok<Record<string, unknown>>('create_agent', {
      spec: { name: ' Zari ', modelTemplateId: template.id },
    });
    expect(a).toMatchObject({
      id: 'agent_1',
      name: 'Zari',
      usesBlackboard: true,
      batchStart: true,
      hearsRoomLog: true,
      allowHandoff: true,
      planReview: false,
      enabledTools: null,
      workDir: null,
      groupId: null,
      roleId: null,
    });
    await v.ok('create_agent', { spec: { name: 'Jemmy', modelTemplateId: template.id } });
    const world = await v.ok<World>('get_world');
    expect(world.agents.map((x) => x.id)).toEqual(['agent_1', 'agent_2']);
    expect(world.agents[0]).toMatchObject({
      model: 'test-model',
      status: 'idle',
      lastError: null,
      lastPromptTokens: null,
    });
    expect(Object.keys(world.agents[0]!)).toEqual(
      expect.arrayContaining(['uptimeSecs', 'totalTokens', 'typing']),
    );
    expect(await stat(join(v.workspace, 'agents', 'agent_1'))).toBeTruthy();
  });

  it('copies role defaults once at creation, never on a later role change', async () => {
    const v = await open();
    const t1 = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    const t2 = await v.ok<{ id: string }>('upsert_template', {
      template: { ...TEMPLATE, name: 'Other', model: 'm2' },
    });
    const role = await v.ok<{ id: string }>('upsert_role', {
      role: {
        name: 'Researcher',
        color: 'teal',
        defaults: {
          construct: 'You research.',
          modelTemplateId: t2.id,
          enabledTools: ['grep'],
          maxToolIterations: 20,
        },
      },
    });
    const agent = await v.ok<Record<string, unknown>>('create_agent', {
      spec: { name: 'R', roleId: role.id, modelTemplateId: t1.id },
    });
    // An explicit template wins; omitted fields come from the role.
    expect(agent).toMatchObject({
      modelTemplateId: t1.id,
      enabledTools: ['grep'],
      maxToolIterations: 20,
      roleId: role.id,
    });
    expect(await v.ok('read_config_file', { agentId: agent.id, kind: 'construct' })).toBe('You research.');
    const fromRole = await v.ok('create_agent', { spec: { name: 'R2', roleId: role.id } });
    expect(fromRole).toMatchObject({ modelTemplateId: t2.id, enabledTools: ['grep'] });
    const plain = await v.ok<Record<string, unknown>>('create_agent', {
      spec: { name: 'P', modelTemplateId: t1.id },
    });
    const updated = await v.ok<Record<string, unknown>>('update_agent', {
      spec: { id: plain.id, roleId: role.id },
    });
    expect(updated).toMatchObject({ roleId: role.id, enabledTools: null, maxToolIterations: null });
    expect(await v.ok('read_config_file', { agentId: plain.id, kind: 'construct' })).toBe('');
  });

  it('refuses a work folder that contains or lies in the workspace or app data, and keeps the old one', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    const outside = join(v.root, 'work');
    await v.ok('create_agent', { spec: { id: 'x', name: 'X', modelTemplateId: t.id, workDir: outside } });
    for (const workDir of [v.root, v.workspace, join(v.workspace, 'agents'), v.home]) {
      const refused = await v.call('update_agent', { spec: { id: 'x', workDir } });
      expect(refused.status, workDir).toBe(400);
      expect(refused.body).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(JSON.stringify(refused.body)).toContain('work folder overlaps the workspace');
    }
    const created = await v.call('create_agent', {
      spec: { name: 'Y', modelTemplateId: t.id, workDir: v.workspace },
    });
    expect(created.status).toBe(400);
    const w = await v.ok<World>('get_world');
    expect(w.agents.map((a) => [a.id, a.workDir])).toEqual([['x', outside]]);
  });

  it('keeps fields a partial update leaves out', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', {
      spec: { id: 'x', name: 'X', modelTemplateId: t.id, usesBlackboard: false, planReview: true },
    });
    const updated = await v.ok('update_agent', { spec: { id: 'x', name: 'X2' } });
    expect(updated).toMatchObject({ name: 'X2', usesBlackboard: false, planReview: true });
  });

  it('manages topology: edges, cycles, positions, and cleanup on delete', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    for (const id of ['a', 'b', 'c'])
      await v.ok('create_agent', { spec: { id, name: id.toUpperCase(), modelTemplateId: t.id } });
    await v.ok('set_connections', { agentId: 'a', connectedAgents: ['b', 'c', 'b'] });
    await v.ok('set_connections', { agentId: 'b', connectedAgents: ['a'] });
    await v.ok('set_topology_positions', { positions: { a: { x: 1, y: 2 }, b: { x: 3, y: 4 } } });
    await v.ok('set_default_verifier', { agentId: 'b' });
    let world = await v.ok<World>('get_world');
    expect(world.edges).toEqual([
      { source: 'a', target: 'b' },
      { source: 'a', target: 'c' },
      { source: 'b', target: 'a' },
    ]);
    const unknown = await v.call('set_connections', { agentId: 'a', connectedAgents: ['zzz'] });
    expect(unknown.body).toMatchObject({ code: 'INVALID_TOPOLOGY' });
    await v.ok('delete_agent', { agentId: 'b' });
    world = await v.ok<World>('get_world');
    expect(world.edges).toEqual([{ source: 'a', target: 'c' }]);
    expect(world.positions).toEqual({ a: { x: 1, y: 2 } });
    expect(world.settings.defaultVerifier).toBeNull();
    await expect(stat(join(v.workspace, 'agents', 'b'))).rejects.toThrow();
  });

  it('groups: core-issued ids, drop in one step, dangling ids show and save as no group', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    for (const id of ['a', 'b'])
      await v.ok('create_agent', { spec: { id, name: id, modelTemplateId: t.id } });
    const g = await v.ok<{ id: string; batchStart: boolean }>('upsert_group', {
      group: { name: 'Research' },
    });
    expect(g.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(g.batchStart).toBe(true);
    await v.ok('commit_agent_drop', { order: ['b', 'a'], regroup: { agentId: 'a', groupId: g.id } });
    let world = await v.ok<World>('get_world');
    expect(world.agents.map((x) => [x.id, x.order, x.groupId])).toEqual([
      ['b', 0, null],
      ['a', 1, g.id],
    ]);
    await v.ok('remove_group', { groupId: g.id });
    world = await v.ok<World>('get_world');
    expect(world.agents.find((x) => x.id === 'a')?.groupId).toBeNull();
    const onDisk = JSON.parse(await readFile(join(v.workspace, 'world.json'), 'utf8'));
    expect(onDisk.agents.find((x: { id: string }) => x.id === 'a').groupId).toBeNull();
    const reuse = await v.call('upsert_group', { group: { id: g.id, name: 'Again' } });
    expect(reuse.body).toMatchObject({ code: 'GROUP_NOT_FOUND' });
  });

  it('settings round-trip through world.json', async () => {
    const v = await open();
    await v.ok('set_token_budget', { tokenBudget: 2_000_000 });
    await v.ok('set_language', { language: 'ja' });
    await v.ok('set_user_name', { userName: '  マスター ' });
    await v.ok('set_ask_timeout', { askTimeoutSecs: 3600 });
    await v.ok('set_external_name', { externalName: 'Claude Code' });
    const world = await v.ok<World>('get_world');
    expect(world.settings).toMatchObject({
      tokenBudget: 2_000_000,
      language: 'ja',
      userName: 'マスター',
      askTimeoutSecs: 3600,
      externalName: 'Claude Code',
    });
    const before = await readFile(join(v.workspace, 'world.json'), 'utf8');
    const rejected = await v.call<{ message: string }>('set_user_name', { userName: 'LEAKY\nNAME' });
    expect(rejected.body.message).not.toContain('LEAKY');
    expect(await readFile(join(v.workspace, 'world.json'), 'utf8')).toBe(before);
    await v.ok('set_token_budget', { tokenBudget: null });
    expect((await v.ok<World>('get_world')).settings.tokenBudget).toBeNull();
  });

  it('keeps unknown fields of world.json and its records across a restart and an edit', async () => {
    const root = await makeTempRoot();
    const workspace = join(root, 'workspace');
    const first = await open(root);
    const t = await first.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await first.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: t.id } });
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const path = join(workspace, 'world.json');
    const json = JSON.parse(await readFile(path, 'utf8'));
    json.futureSetting = { nested: [1, 2, 3] };
    json.agents[0].futureAgentField = 'kept';
    json.templates[0].futureTemplateField = 42;
    json.templates[0].apiKeyEnv = 'RETIRED_SECRET_VALUE';
    await writeFile(path, JSON.stringify(json));
    const second = await open(root);
    await second.ok('update_agent', { spec: { id: 'a', name: 'A2' } });
    const after = JSON.parse(await readFile(path, 'utf8'));
    expect(after.futureSetting).toEqual({ nested: [1, 2, 3] });
    expect(after.agents[0]).toMatchObject({ name: 'A2', futureAgentField: 'kept' });
    expect(after.templates[0].futureTemplateField).toBe(42);
    expect(JSON.stringify(after)).not.toContain('RETIRED_SECRET_VALUE');
  });

  it('writes ordinance, config files and keeps mcp.json untouched on a bad save', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: t.id } });
    await v.ok('write_ordinance', { content: '# 条例\n仲良く。' });
    expect(await v.ok('read_ordinance')).toBe('# 条例\n仲良く。');
    expect(await readFile(join(v.workspace, 'Ordinance.md'), 'utf8')).toBe('# 条例\n仲良く。');
    for (const kind of ['skill', 'memory', 'construct']) {
      await v.ok('write_config_file', { agentId: 'a', kind, content: `${kind} text` });
      expect(await v.ok('read_config_file', { agentId: 'a', kind })).toBe(`${kind} text`);
    }
    const good = '{"mcpServers": {"fs": {"command": "npx", "args": ["x"]}}}';
    await v.ok('write_config_file', { agentId: 'a', kind: 'mcp', content: good });
    const bad = await v.call('write_config_file', { agentId: 'a', kind: 'mcp', content: '{"mcpServers": [' });
    expect(bad.status).toBe(400);
    expect(await readFile(join(v.workspace, 'agents', 'a', 'mcp.json'), 'utf8')).toBe(good);
  });
});

describe('path traversal attempts', () => {
  const ids = [
    '..',
    '.',
    '../a',
    'a/../../b',
    '..\\a',
    'a.b',
    '/etc/passwd',
    '%2e%2e',
    'a\u0000b',
    '',
    'a'.repeat(65),
  ];
  const kinds = ['../../world.json', 'SKILL.md', 'skill/../mcp', 'Skill', 'icon', '__proto__', 'constructor'];

  it('refuses unsafe ids and kinds with UNSAFE_IDENTIFIER and writes nothing outside', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: t.id } });
    const before = await listAll(v.root);
    for (const agentId of ids) {
      for (const [name, args] of [
        ['read_config_file', { agentId, kind: 'skill' }],
        ['write_config_file', { agentId, kind: 'skill', content: 'x' }],
        ['set_agent_icon', { agentId, bytes: webp().toString('base64') }],
        ['delete_agent', { agentId }],
        ['set_connections', { agentId: 'a', connectedAgents: [agentId] }],
        ['create_agent', { spec: { id: agentId, name: `n${agentId}`, modelTemplateId: t.id } }],
      ] as const) {
        const res = await v.call(name, args);
        expect(res.status, `${name} ${JSON.stringify(agentId)}`).toBe(400);
        expect(res.body).toMatchObject({ code: 'UNSAFE_IDENTIFIER' });
      }
    }
    for (const kind of kinds) {
      const res = await v.call('write_config_file', { agentId: 'a', kind, content: 'x' });
      expect(res.body, kind).toMatchObject({ code: 'UNSAFE_IDENTIFIER' });
    }
    for (const templateId of ['../x', 'a/b']) {
      const res = await v.call('set_credential', { templateId, secret: 's' });
      expect(res.body).toMatchObject({ code: 'UNSAFE_IDENTIFIER' });
    }
    const after = await listAll(v.root);
    expect(after.filter((p) => !p.endsWith('fuseforks.log'))).toEqual(
      before.filter((p) => !p.endsWith('fuseforks.log')),
    );
  });
});

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map(String).sort();
}
