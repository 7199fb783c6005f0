/**
 * The persona files a turn reads are cached between turns (src/world/fresh-text.ts): an edit must
 * show on the next turn, and a file or folder swapped for a symbolic link after a turn must be
 * refused on the next one, never followed and never answered from memory. Files are aged past the
 * racy window first, so the turn before the change really served them from the cache.
 */
import { mkdir, rename, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { writeConfigFile } from '../src/world/config-files.ts';
import { RACY_WINDOW_MS } from '../src/world/fresh-text.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import type { ScriptedModel } from './fakes/scripted-model.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});

const pastRacyWindow = () => new Promise((r) => setTimeout(r, RACY_WINDOW_MS + 100));

async function setUp(): Promise<{ model: ScriptedModel; skillPath: string; agentDir: string }> {
  o = await makeOrchestra();
  const model = await o.agent('a');
  await o.start('a');
  await writeConfigFile(o.orch.paths, 'a', 'skill', 'SKILL-ONE');
  await writeConfigFile(o.orch.paths, 'a', 'memory', 'MEMORY-ONE');
  return { model, skillPath: o.orch.paths.configFile('a', 'skill'), agentDir: o.orch.paths.agentDir('a') };
}

async function turn(model: ScriptedModel): Promise<string> {
  const before = model.requests.length;
  o.orch.sendUserMessage('a' as AgentId, 'hello');
  await o.idle();
  const request = model.requests[before]!;
  return `${request.system.stable}\n${request.system.volatile}`;
}

describe('persona files between turns', () => {
  it('an edit of the same size, in place, shows on the next turn', async () => {
    const { model, skillPath } = await setUp();
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    // Same inode, same size: only mtime and ctime tell the cached text is stale.
    await writeFile(skillPath, 'SKILL-TWO');
    expect(await turn(model)).toContain('SKILL-TWO');
    // Right after the last write, within the racy window, another same-size edit.
    await writeFile(skillPath, 'SKILL-3RD');
    const third = await turn(model);
    expect(third).toContain('SKILL-3RD');
    expect(third).not.toContain('SKILL-TWO');
  });

  it('an edit whose mtime is set back to the old one still shows (ctime changed)', async () => {
    const { model, skillPath } = await setUp();
    const old = new Date(Date.now() - 3_600_000);
    await utimes(skillPath, old, old);
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    await writeFile(skillPath, 'SKILL-TWO');
    await utimes(skillPath, old, old);
    expect(await turn(model)).toContain('SKILL-TWO');
  });

  it('a persona file swapped for a link after a turn is refused on the next turn', async () => {
    const { model, skillPath } = await setUp();
    const outside = join(o.root, 'outside.md');
    await writeFile(outside, 'OUTSIDE-SECRET');
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    await rename(skillPath, `${skillPath}.moved`);
    await symlink(outside, skillPath);
    const next = await turn(model);
    expect(next).not.toContain('OUTSIDE-SECRET');
    expect(next).not.toContain('SKILL-ONE');
    // The other persona file of the agent is still read.
    expect(next).toContain('MEMORY-ONE');
  });

  it("a link to the very same file is refused too (the cache's key would still match)", async () => {
    const { model, skillPath } = await setUp();
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    const real = `${skillPath}.real`;
    await rename(skillPath, real);
    await symlink(real, skillPath);
    expect(await turn(model)).not.toContain('SKILL-ONE');
  });

  it("the agent's folder swapped for a link to the same files is refused on the next turn", async () => {
    const { model, agentDir } = await setUp();
    await pastRacyWindow();
    const first = await turn(model);
    expect(first).toContain('SKILL-ONE');
    expect(first).toContain('MEMORY-ONE');
    // The files keep inode, size, mtime and ctime; only the folder on the way is now a link.
    const moved = join(o.root, 'elsewhere');
    await mkdir(moved);
    await rename(agentDir, join(moved, 'a'));
    await symlink(join(moved, 'a'), agentDir);
    const next = await turn(model);
    expect(next).not.toContain('SKILL-ONE');
    expect(next).not.toContain('MEMORY-ONE');
  });

  it('the agents folder swapped for a link is refused on the next turn', async () => {
    const { model } = await setUp();
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    const agents = o.orch.paths.agentsDir;
    const moved = join(o.root, 'agents-elsewhere');
    await rename(agents, moved);
    await symlink(moved, agents);
    expect(await turn(model)).not.toContain('SKILL-ONE');
  });

  it('an edit of the ordinance in place shows on the next turn', async () => {
    const { model } = await setUp();
    const ordinance = o.orch.paths.ordinance;
    await writeFile(ordinance, 'RULE-ONE');
    await pastRacyWindow();
    expect(await turn(model)).toContain('RULE-ONE');
    await writeFile(ordinance, 'RULE-TWO');
    expect(await turn(model)).toContain('RULE-TWO');
  });

  it('the ordinance swapped for a link to a file elsewhere is refused on the next turn', async () => {
    const { model } = await setUp();
    const ordinance = o.orch.paths.ordinance;
    await writeFile(ordinance, 'RULE-ONE');
    await pastRacyWindow();
    expect(await turn(model)).toContain('RULE-ONE');
    const outside = join(o.root, 'private-notes.md');
    await writeFile(outside, 'PRIVATE-TEXT');
    await rename(ordinance, `${ordinance}.old`);
    await symlink(outside, ordinance);
    const next = await turn(model);
    expect(next).not.toContain('PRIVATE-TEXT');
    expect(next).not.toContain('RULE-ONE');
  });

  it('a persona file removed after a turn is gone from the next one', async () => {
    const { model, skillPath } = await setUp();
    await pastRacyWindow();
    expect(await turn(model)).toContain('SKILL-ONE');
    await rename(skillPath, `${skillPath}.moved`);
    expect(await turn(model)).not.toContain('SKILL-ONE');
  });
});
