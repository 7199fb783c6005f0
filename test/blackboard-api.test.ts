/**
 * The Blackboard tab's commands over real HTTP: list_blackboard, delete_blackboard_note and
 * clear_blackboard on real folders with the real OS trash (a throwaway XDG_DATA_HOME), and the
 * agent-deletion sweep (Spec 55 freeze 12).
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlackboardNote } from '../src/domain/blackboard.ts';
import type { TrashFn } from '../src/tools/file/file-remove.ts';
import { startTestVillage, TEMPLATE, type TestVillage } from './helpers/village-server.ts';

// The trash package reads XDG_DATA_HOME once, when first loaded: set before any test trashes.
let xdg: string;
let savedXdg: string | undefined;
beforeAll(() => {
  xdg = mkdtempSync(join(tmpdir(), 'fuseforks-xdg-'));
  savedXdg = process.env.XDG_DATA_HOME;
  process.env.XDG_DATA_HOME = xdg;
});
afterAll(() => {
  if (savedXdg === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedXdg;
  rmSync(xdg, { recursive: true, force: true });
});

let v: TestVillage;
let workA: string;
let workB: string;
let templateId: string;
beforeEach(async () => {
  v = await startTestVillage();
  await v.ready();
  workA = join(v.root, 'work-a');
  workB = join(v.root, 'work-b');
  mkdirSync(workA);
  mkdirSync(workB);
  templateId = (await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE })).id;
  rmSync(join(xdg, 'Trash'), { recursive: true, force: true });
});
afterEach(async () => {
  await v.close();
  rmSync(v.root, { recursive: true, force: true });
});

const agent = (id: string, workDir: string | null) =>
  v.ok('create_agent', { spec: { id, name: id.toUpperCase(), modelTemplateId: templateId, workDir } });

function put(work: string, rel: string, content = rel): string {
  const abs = join(work, 'blackboard', rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}

/** What the trash holds, by content (the names there are uuids). */
function trashed(): string[] {
  const files = join(xdg, 'Trash', 'files');
  if (!existsSync(files)) return [];
  return readdirSync(files)
    .map((f) => readFileSync(join(files, f), 'utf8'))
    .sort();
}

const list = () => v.ok<BlackboardNote[]>('list_blackboard');
const shown = (notes: BlackboardNote[]) =>
  notes.map((n) => `${n.dir === workA ? 'A' : n.dir === workB ? 'B' : n.dir}:${n.state ?? ''}/${n.name}`);
const logLines = () => readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8').split('\n');
const swapTrash = (trash: TrashFn) => {
  v.server.boot.require().trash = trash;
};
const refusedTrash: TrashFn = () =>
  Promise.reject(Object.assign(new Error('no trash here'), { code: 'EACCES' }));

describe('list_blackboard', () => {
  it('reads every work folder once (a shared one de-duplicated) in world order, with content', async () => {
    await agent('agent-1', workB);
    await agent('agent-2', workA);
    await agent('agent-3', `${workB}/`);
    await agent('agent-4', null);
    put(workA, 'doing/agent-2 - a.md', 'body a');
    put(workB, 'agent-1 - root.md');
    put(workB, 'done/agent-3 - c.md');
    const notes = await list();
    expect(shown(notes)).toEqual(['B:/agent-1 - root.md', 'B:done/agent-3 - c.md', 'A:doing/agent-2 - a.md']);
    expect(notes[2]).toMatchObject({ dir: workA, state: 'doing', content: 'body a', truncated: false });
    expect(typeof notes[2]!.modifiedMs).toBe('number');
  });

  it('is empty for a village without work folders and refuses unknown arguments', async () => {
    await agent('agent-1', null);
    expect(await list()).toEqual([]);
    const extra = await v.call('list_blackboard', { dir: workA });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('delete_blackboard_note', () => {
  beforeEach(async () => {
    await agent('agent-1', workA);
    await agent('agent-2', workB);
  });

  it('moves the note into the OS trash; it is gone from the folder and from the list', async () => {
    const abs = put(workA, 'doing/agent-1 - x.md', 'the note');
    put(workA, 'doing/agent-1 - keep.md', 'kept');
    expect(
      await v.ok('delete_blackboard_note', { dir: workA, state: 'doing', name: 'agent-1 - x.md' }),
    ).toBeNull();
    expect(existsSync(abs)).toBe(false);
    expect(trashed()).toEqual(['the note']);
    expect(shown(await list())).toEqual(['A:doing/agent-1 - keep.md']);
  });

  it('takes state omitted, null or empty as the root, and a dir spelled with a trailing slash', async () => {
    for (const [i, state] of [undefined, null, ''].entries()) {
      const abs = put(workA, `root ${i}.md`, `root ${i}`);
      const args = { dir: `${workA}/`, name: `root ${i}.md`, ...(state === undefined ? {} : { state }) };
      expect(await v.ok('delete_blackboard_note', args)).toBeNull();
      expect(existsSync(abs)).toBe(false);
    }
    expect(trashed()).toEqual(['root 0', 'root 1', 'root 2']);
  });

  it('refuses unsafe names and states with BLACKBOARD_DELETE_FAILED, and moves nothing', async () => {
    // What each unsafe request would reach if it were joined as a path.
    const bait = [
      put(workA, 'x', 'bait x'),
      put(workA, '.hidden', 'bait hidden'),
      put(workA, 'a/b', 'bait a/b'),
      join(workA, 'n.md'),
    ];
    writeFileSync(bait[3]!, 'bait n');
    for (const args of [
      { state: 'doing', name: '../x' },
      { name: '.hidden' },
      { name: 'a/b' },
      { name: 'a\\b' },
      { state: '..', name: 'n.md' },
      { state: 'doing/..', name: 'x' },
      { name: '' },
      { name: 'nul\u0000.md' },
    ]) {
      const answer = await v.call('delete_blackboard_note', { dir: workA, ...args });
      expect(answer.status, JSON.stringify(args)).toBe(409);
      expect(answer.body).toMatchObject({ code: 'BLACKBOARD_DELETE_FAILED' });
      expect((answer.body as { message: string }).message).toContain('not a single file name');
    }
    for (const abs of bait) expect(existsSync(abs)).toBe(true);
    expect(trashed()).toEqual([]);
  });

  it("refuses a folder that is no servant's work folder, though a note is really there", async () => {
    const elsewhere = join(v.root, 'elsewhere');
    const abs = put(elsewhere, 'doing/agent-1 - x.md', 'not yours');
    const answer = await v.call('delete_blackboard_note', {
      dir: elsewhere,
      state: 'doing',
      name: 'agent-1 - x.md',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      message:
        "This folder is not any servant's work folder. Only notes in a servant's current work folder can be deleted",
    });
    expect(existsSync(abs)).toBe(true);
    expect(trashed()).toEqual([]);
  });

  it('refuses what the list does not show: a linked note, a note in a linked folder, a hard link', async () => {
    const outside = join(v.root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.md'), 'secret');
    put(workA, 'doing/agent-1 - real.md', 'real');
    symlinkSync(join(outside, 'secret.md'), join(workA, 'blackboard', 'doing', 'agent-1 - link.md'));
    symlinkSync(outside, join(workA, 'blackboard', 'done'));
    linkSync(join(outside, 'secret.md'), join(workA, 'blackboard', 'agent-1 - hard.md'));
    for (const args of [
      { state: 'doing', name: 'agent-1 - link.md' },
      { state: 'done', name: 'secret.md' },
      { name: 'agent-1 - hard.md' },
    ]) {
      const answer = await v.call('delete_blackboard_note', { dir: workA, ...args });
      expect(answer.body, JSON.stringify(args)).toMatchObject({ code: 'BLACKBOARD_DELETE_FAILED' });
    }
    expect(existsSync(join(outside, 'secret.md'))).toBe(true);
    expect(existsSync(join(workA, 'blackboard', 'doing', 'agent-1 - link.md'))).toBe(true);
    expect(existsSync(join(workA, 'blackboard', 'agent-1 - hard.md'))).toBe(true);
    expect(trashed()).toEqual([]);
  });

  it('says a missing note is gone (the UI re-reads), with the path relative to the work folder', async () => {
    const answer = await v.call('delete_blackboard_note', {
      dir: workA,
      state: 'doing',
      name: 'agent-1 - gone.md',
    });
    expect(answer.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      message:
        'blackboard/doing/agent-1 - gone.md is no longer there (the board has changed). Reload the board',
    });
  });

  it('trashes a note once when two deletes of it arrive together: the second finds it gone', async () => {
    const abs = put(workA, 'doing/agent-1 - x.md', 'the note');
    // The real trash, but the first call waits for a second one (or a while, when the deletes are
    // serialised and no second call comes), so both requests are surely in flight together.
    const realTrash = v.server.boot.require().trash;
    let calls = 0;
    let second: () => void = () => undefined;
    const secondCall = new Promise<void>((resolve) => (second = resolve));
    swapTrash(async (path) => {
      calls += 1;
      if (calls === 1) await Promise.race([secondCall, new Promise((r) => setTimeout(r, 300))]);
      else second();
      await realTrash(path);
    });
    const args = { dir: workA, state: 'doing', name: 'agent-1 - x.md' };
    const answers = await Promise.all([
      v.call('delete_blackboard_note', args),
      v.call('delete_blackboard_note', args),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      detail: 'gone',
    });
    expect(calls).toBe(1);
    expect(trashed()).toEqual(['the note']);
    expect(readdirSync(join(xdg, 'Trash', 'info'))).toHaveLength(1);
    expect(existsSync(abs)).toBe(false);
  });

  it('keeps the note when the trash fails, and says so in the village language', async () => {
    await v.ok('set_language', { language: 'ja' });
    const abs = put(workA, 'doing/agent-1 - x.md');
    swapTrash(refusedTrash);
    const answer = await v.call('delete_blackboard_note', {
      dir: workA,
      state: 'doing',
      name: 'agent-1 - x.md',
    });
    expect(answer.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      message: `blackboard/doing/agent-1 - x.md をごみ箱へ移せませんでした。システムのごみ箱が使えません（ごみ箱を探す場所: ${join(xdg, 'Trash')}）。何も削除していません`,
      detail: 'EACCES',
    });
    expect(existsSync(abs)).toBe(true);
  });
});

describe('clear_blackboard', () => {
  beforeEach(async () => {
    await agent('agent-1', workA);
    await agent('agent-2', workB);
  });

  it('trashes every listed note of every work folder and says how many; folders stay', async () => {
    put(workA, 'doing/agent-1 - a.md', 'a');
    put(workA, 'agent-1 - root.md', 'root');
    put(workB, 'done/agent-2 - b.md', 'b');
    put(workB, 'doing/deep/too-deep.md', 'deep');
    // Not on the list, so not cleared: what clear takes is what the tab shows.
    put(workB, '.DS_Store', 'finder');
    expect(await v.ok('clear_blackboard')).toEqual({ removed: 3 });
    expect(existsSync(join(workB, 'blackboard', '.DS_Store'))).toBe(true);
    expect(await list()).toEqual([]);
    expect(trashed()).toEqual(['a', 'b', 'root']);
    expect(existsSync(join(workA, 'blackboard', 'doing'))).toBe(true);
    expect(existsSync(join(workB, 'blackboard', 'doing', 'deep', 'too-deep.md'))).toBe(true);
    expect(await v.ok('clear_blackboard')).toEqual({ removed: 0 });
  });

  it('stops at the first failure and says how many went before it', async () => {
    put(workA, 'agent-1 - first.md', 'first');
    put(workA, 'doing/agent-1 - second.md', 'second');
    put(workB, 'agent-2 - third.md', 'third');
    let calls = 0;
    const real = v.server.boot.require().trash;
    swapTrash(async (abs) => {
      calls += 1;
      if (calls === 2) throw Object.assign(new Error('full'), { code: 'ENOSPC' });
      await real(abs);
    });
    const answer = await v.call('clear_blackboard');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      message: `Moved 1 note to the trash, then stopped. blackboard/doing/agent-1 - second.md could not be moved to the trash: the system trash is not usable (it is looked for at ${join(xdg, 'Trash')}). The rest were left in place`,
      detail: 'ENOSPC',
    });
    expect(calls).toBe(2);
    expect(shown(await list())).toEqual(['A:doing/agent-1 - second.md', 'B:/agent-2 - third.md']);
  });

  it('counts in the plural, and in Japanese, and says when nothing went at all', async () => {
    put(workA, 'agent-1 - first.md', 'first');
    put(workA, 'doing/agent-1 - second.md', 'second');
    put(workB, 'agent-2 - third.md', 'third');
    const real = v.server.boot.require().trash;
    let calls = 0;
    swapTrash(async (abs) => {
      calls += 1;
      if (calls === 3) throw Object.assign(new Error('full'), { code: 'ENOSPC' });
      await real(abs);
    });
    const two = await v.call('clear_blackboard');
    expect((two.body as { message: string }).message).toMatch(
      /^Moved 2 notes to the trash, then stopped\. blackboard\/agent-2 - third\.md could not be moved.*The rest were left in place$/,
    );
    await v.ok('set_language', { language: 'ja' });
    swapTrash(refusedTrash);
    const none = await v.call('clear_blackboard');
    expect(none.body).toMatchObject({
      code: 'BLACKBOARD_DELETE_FAILED',
      message: `1 枚もごみ箱へ移さないうちに止まりました。blackboard/agent-2 - third.md をごみ箱へ移せませんでした。システムのごみ箱が使えません（ごみ箱を探す場所: ${join(xdg, 'Trash')}）。付箋はすべてそのまま置いてあります`,
      detail: 'EACCES',
    });
    put(workA, 'agent-1 - again.md', 'again');
    let once = 0;
    swapTrash(async (abs) => {
      once += 1;
      if (once === 2) throw Object.assign(new Error('no'), { code: 'EACCES' });
      await real(abs);
    });
    const ja = await v.call('clear_blackboard');
    expect((ja.body as { message: string }).message).toMatch(
      /^1 枚の付箋をごみ箱へ移したところで止まりました。.*残りの付箋はそのまま置いてあります$/,
    );
    for (const body of [two.body, none.body, ja.body]) {
      const message = (body as { message: string }).message;
      expect(message).not.toContain('(s)');
      expect(message).not.toMatch(/ENOSPC|EACCES/);
      expect(message).not.toMatch(/Nothing was deleted|何も削除していません/);
    }
  });
});

describe('delete_agent sweep', () => {
  it("trashes exactly the agent's notes in its current work folder and logs one line", async () => {
    await agent('agent-1', workA);
    await agent('agent-10', workA);
    put(workA, 'doing/agent-1 - a.md', 'mine a');
    put(workA, 'agent-1 - b.md', 'mine b');
    put(workA, 'other/agent-1 - c.md', 'mine c');
    put(workA, 'doing/agent-10 - x.md', 'agent-10');
    put(workA, 'doing/agent-1x - y.md', 'agent-1x');
    put(workA, 'doing/agent-1.md', 'no owner');
    put(workA, 'doing/deep/agent-1 - deep.md', 'deep');
    put(workB, 'doing/agent-1 - old folder.md', 'old folder');
    expect(await v.ok('delete_agent', { agentId: 'agent-1' })).toEqual({
      blackboard: { removed: 3, failed: 0 },
    });
    expect(trashed()).toEqual(['mine a', 'mine b', 'mine c']);
    expect(shown(await list())).toEqual([
      'A:doing/agent-1.md',
      'A:doing/agent-10 - x.md',
      'A:doing/agent-1x - y.md',
    ]);
    expect(existsSync(join(workA, 'blackboard', 'doing', 'deep', 'agent-1 - deep.md'))).toBe(true);
    expect(existsSync(join(workB, 'blackboard', 'doing', 'agent-1 - old folder.md'))).toBe(true);
    const lines = logLines().filter((l) => l.includes('blackboard sweep:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\[fuseforks\] blackboard sweep: agent=agent-1 removed=3 failed=0$/);
  });

  it('logs nothing when the agent had no notes, or no work folder', async () => {
    await agent('agent-1', workA);
    await agent('agent-2', null);
    put(workA, 'doing/agent-10 - x.md');
    const none = { blackboard: { removed: 0, failed: 0 } };
    expect(await v.ok('delete_agent', { agentId: 'agent-1' })).toEqual(none);
    expect(await v.ok('delete_agent', { agentId: 'agent-2' })).toEqual(none);
    expect(logLines().some((l) => l.includes('blackboard sweep:'))).toBe(false);
    expect(trashed()).toEqual([]);
  });

  it('warns when the trash fails, and the agent is deleted all the same', async () => {
    await agent('agent-1', workA);
    const abs = put(workA, 'doing/agent-1 - a.md');
    swapTrash(refusedTrash);
    expect(await v.ok('delete_agent', { agentId: 'agent-1' })).toEqual({
      blackboard: { removed: 0, failed: 1 },
    });
    const world = await v.ok<{ agents: { id: string }[] }>('get_world');
    expect(world.agents.map((a) => a.id)).toEqual([]);
    expect(existsSync(abs)).toBe(true);
    const lines = logLines().filter((l) => l.includes('blackboard sweep:'));
    expect(lines).toEqual([
      expect.stringMatching(/\[fuseforks\] blackboard sweep: agent=agent-1 removed=0 failed=1$/),
      expect.stringMatching(/\[fuseforks\] WARN blackboard sweep: agent=agent-1 1 note not trashed: EACCES$/),
    ]);
    // The note's task name never reaches the log.
    expect(lines.join('\n')).not.toContain(' - a.md');
  });
});
