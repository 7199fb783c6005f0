/**
 * A shared village folder with planted links cannot make the server write outside it: each case
 * plants a symbolic or hard link in a real workspace, boots a real server over it and checks that
 * the file outside is untouched and the refusal names the file.
 */
import { existsSync } from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorPayload } from '../src/domain/errors.ts';
import {
  makeTempRoot,
  removeRoot,
  startTestVillage,
  TEMPLATE,
  type TestVillage,
} from './helpers/village-server.ts';

interface Planted {
  root: string;
  workspace: string;
  outside: string;
}

const opened: TestVillage[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  for (const root of roots.splice(0)) await removeRoot(root);
});

/** A temp root with `workspace/` and `outside/` side by side (one file system, so hard links work). */
async function plant(): Promise<Planted> {
  const root = await makeTempRoot();
  roots.push(root);
  const planted = { root, workspace: join(root, 'workspace'), outside: join(root, 'outside') };
  await mkdir(planted.workspace, { recursive: true });
  await mkdir(planted.outside, { recursive: true });
  return planted;
}

async function boot(planted: Planted): Promise<TestVillage> {
  const v = await startTestVillage({ root: planted.root });
  opened.push(v);
  await v.ready();
  return v;
}

const logOf = (planted: Planted) => readFile(join(planted.workspace, 'fuseforks.log'), 'utf8');

/** A world.json that boot does not need to rewrite (language and budget set). */
const SETTLED_WORLD = JSON.stringify({ agents: [], templates: [], language: 'en', tokenBudget: 1000 });

describe('the workspace cannot make the server write outside it', () => {
  it('a planted `exports` link: the export is refused naming exports, nothing lands outside', async () => {
    const planted = await plant();
    const v = await boot(planted);
    await symlink(planted.outside, join(planted.workspace, 'exports'));
    const { id } = await v.ok<{ id: string }>('current_session');
    const { status, body } = await v.call<ErrorPayload>('export_session', { sessionId: id });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body).toMatchObject({ code: 'CONFIG_IO', detail: 'exports' });
    expect(body.message).toContain('exports');
    expect(await readdir(planted.outside)).toEqual([]);
  });

  it('`fuseforks.log` as a symbolic link: not one line lands in the file it points to', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'elsewhere.log');
    await writeFile(target, '');
    await symlink(target, join(planted.workspace, 'fuseforks.log'));
    const v = await boot(planted);
    await v.ok('set_token_budget', { tokenBudget: 5000 });
    expect(await v.ok('boot_status')).toMatchObject({
      warnings: [{ code: 'LOG_NOT_WRITTEN', message: expect.stringContaining('fuseforks.log') }],
    });
    await v.close();
    opened.splice(0);
    expect(await readFile(target, 'utf8')).toBe('');
    expect((await lstat(join(planted.workspace, 'fuseforks.log'))).isSymbolicLink()).toBe(true);
  });

  it('`fuseforks.log` hard-linked to a file outside: that file keeps its content', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'notes.txt');
    await writeFile(target, 'mine\n');
    await link(target, join(planted.workspace, 'fuseforks.log'));
    await boot(planted);
    expect(await readFile(target, 'utf8')).toBe('mine\n');
  });

  it('`sessions.sqlite` as a symbolic link: the store is not opened there and boot says why', async () => {
    const planted = await plant();
    await symlink(join(planted.outside, 'db'), join(planted.workspace, 'sessions.sqlite'));
    const v = await boot(planted);
    expect(await readdir(planted.outside)).toEqual([]);
    expect(await logOf(planted)).toMatch(
      /WARN session: store not opened \(refused to use sessions\.sqlite in the workspace: it is a symbolic link/,
    );
    const { body } = await v.call<ErrorPayload>('list_sessions');
    expect(body).toMatchObject({ code: 'SESSION_STORE_FAILED' });
    // The reason reaches the person, not only the log: boot_status and every sessions refusal say it.
    expect(body.detail).toContain('sessions.sqlite in the workspace: it is a symbolic link');
    expect(await v.ok('boot_status')).toMatchObject({
      ready: true,
      warnings: [
        {
          code: 'SESSION_STORE_FAILED',
          message: expect.stringContaining('sessions.sqlite in the workspace: it is a symbolic link'),
        },
      ],
    });
  });

  it('`sessions.sqlite` hard-linked to a file outside: SQLite never writes into it', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'empty');
    await writeFile(target, '');
    await link(target, join(planted.workspace, 'sessions.sqlite'));
    await boot(planted);
    expect((await stat(target)).size).toBe(0);
    expect(await logOf(planted)).toContain('sessions.sqlite in the workspace: it has other hard links');
  });

  it('`sessions.sqlite-wal` hard-linked to a file outside: no WAL frame (conversation text) lands there', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'wal');
    await writeFile(target, '');
    await link(target, join(planted.workspace, 'sessions.sqlite-wal'));
    const v = await boot(planted);
    await v.ok('set_user_name', { userName: 'Tester' });
    expect((await stat(target)).size).toBe(0);
    expect(await logOf(planted)).toContain(
      'refused to use sessions.sqlite-wal in the workspace: it has other hard links',
    );
  });

  it('`world.json` hard-linked to a file outside: a change is refused naming world.json', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'world-copy.json');
    await writeFile(target, SETTLED_WORLD);
    await link(target, join(planted.workspace, 'world.json'));
    const v = await boot(planted);
    const { status, body } = await v.call<ErrorPayload>('set_token_budget', { tokenBudget: 5000 });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body).toMatchObject({ code: 'CONFIG_IO', detail: 'world.json' });
    expect(await readFile(target, 'utf8')).toBe(SETTLED_WORLD);
    // The refused change did not happen in memory either.
    expect((await v.ok<{ settings: { tokenBudget: number } }>('get_world')).settings.tokenBudget).toBe(1000);
  });

  it('`Ordinance.md` hard-linked to a file outside: saving it is refused', async () => {
    const planted = await plant();
    const target = join(planted.outside, 'rules.md');
    await writeFile(target, 'theirs');
    await link(target, join(planted.workspace, 'Ordinance.md'));
    const v = await boot(planted);
    const { body } = await v.call<ErrorPayload>('write_ordinance', { content: 'ours' });
    expect(body).toMatchObject({ code: 'CONFIG_IO', detail: 'Ordinance.md' });
    expect(await readFile(target, 'utf8')).toBe('theirs');
  });

  it("an agent's Memory.md hard-linked to a file outside: saving it is refused", async () => {
    const planted = await plant();
    const v = await boot(planted);
    const template = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    const agent = await v.ok<{ id: string }>('create_agent', {
      spec: { name: 'A', modelTemplateId: template.id },
    });
    const target = join(planted.outside, 'diary.md');
    await writeFile(target, 'theirs');
    await link(target, join(planted.workspace, 'agents', agent.id, 'Memory.md'));
    const { body } = await v.call<ErrorPayload>('write_config_file', {
      agentId: agent.id,
      kind: 'memory',
      content: 'ours',
    });
    expect(body).toMatchObject({ code: 'CONFIG_IO', detail: `agents/${agent.id}/Memory.md` });
    expect(await readFile(target, 'utf8')).toBe('theirs');
  });

  it('`agents` as a link: creating an agent neither empties nor fills the folder outside', async () => {
    const planted = await plant();
    await mkdir(join(planted.outside, 'agent_1'));
    await writeFile(join(planted.outside, 'agent_1', 'keep.txt'), 'keep');
    await symlink(planted.outside, join(planted.workspace, 'agents'));
    const v = await boot(planted);
    const template = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { name: 'A', modelTemplateId: template.id } });
    expect(await readdir(join(planted.outside, 'agent_1'))).toEqual(['keep.txt']);
    expect(await logOf(planted)).toContain('WARN agent agent_1: folder not prepared (CONFIG_IO)');
    await v.ok('delete_agent', { agentId: 'agent_1' });
    expect(existsSync(join(planted.outside, 'agent_1', 'keep.txt'))).toBe(true);
  });
});
