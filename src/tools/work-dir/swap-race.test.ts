import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentTool } from '../../orchestrator/tool.ts';
import { diffTool } from '../diff/diff-tool.ts';
import { fdTool } from '../fd/fd-tool.ts';
import { fileTool } from '../file/file-tool.ts';
import { grepTool } from '../grep/grep-tool.ts';
import { sdTool } from '../sd/sd-tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { yqTool } from '../yq/yq-tool.ts';
import { descriptorPaths } from './pinned-dir.ts';
import { startSwapRacer } from '../../../test/helpers/swap-racer.ts';

/**
 * Issue 17 §3: a folder of the work folder is swapped for a link to an outside folder by another
 * process, as fast as it can, while the tools write and read there. Whatever the timing, no byte lands
 * outside and no outside byte comes back: each call either works inside or answers an error.
 */
const ROUNDS = 100;
/**
 * Each round of calls starts after the racer has swapped this many more times, so a loaded machine
 * cannot starve it into a race that never happens (counted in swaps, never in time).
 */
const SWAPS_PER_ROUND = 8;

let box: ToolSandbox;
let sub: string;

/** Every regular file under `dir` (links neither listed nor followed), relative path → content. */
function filesUnder(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const abs = join(entry.parentPath, entry.name);
      found.set(abs.slice(dir.length + 1), readFileSync(abs, 'utf8'));
    }
  }
  return found;
}

const trash = async (abs: string) => {
  const { rm } = await import('node:fs/promises');
  await rm(abs, { recursive: true });
};

beforeEach(() => {
  box = toolSandbox();
  sub = join(box.workDir, 'sub');
  box.put('notes/a.md', 'note\n');
  box.put('sub/log.txt', '');
  box.put('sub/over.txt', 'old');
  box.put('sub/sd.txt', 'value 0\n');
  box.put('sub/conf.json', '{ "n": 0 }\n');
});
afterEach(() => box.cleanup());

// Race-free where descriptors have paths (Linux /proc); elsewhere the dev/ino rechecks leave a window.
describe.runIf(descriptorPaths.enabled)('a folder swapped for a link while the tools work', () => {
  it('never writes, creates, moves or copies anything outside', { timeout: 120_000 }, async () => {
    const file = fileTool({ trash });
    const sd = sdTool();
    const yq = yqTool();
    const call = (tool: AgentTool, args: Record<string, unknown>) => tool.execute(args, box.ctx());
    for (let i = 0; i < ROUNDS; i += 1) {
      box.put(`keep/m${i}.md`, `M${i}`);
      box.put(`sub/r${i}.txt`, `R${i}`);
    }
    const racer = await startSwapRacer(sub, box.outside);
    let swaps: number;
    const answers: string[] = [];
    const created: [string, string][] = [];
    try {
      for (let i = 0; i < ROUNDS; i += 1) {
        await racer.swapsMore(SWAPS_PER_ROUND);
        const wrote = await call(file, { op: 'write', path: `sub/w${i}.txt`, content: `W${i}` });
        if (wrote.startsWith('作成しました')) created.push([`w${i}.txt`, `W${i}`]);
        answers.push(
          wrote,
          await call(file, { op: 'append', path: 'sub/log.txt', content: `L${i}\n` }),
          await call(file, { op: 'write', path: 'sub/over.txt', content: `O${i}`, overwrite: true }),
          await call(file, { op: 'mkdir', path: `sub/d${i}/e` }),
          await call(file, { op: 'copy', path: 'notes/a.md', to: `sub/c${i}.md` }),
          await call(file, { op: 'copy', path: 'notes', to: `sub/cn${i}` }),
          await call(file, { op: 'move', path: `keep/m${i}.md`, to: `sub/m${i}.md` }),
          await call(file, { op: 'remove', path: `sub/r${i}.txt` }),
          await call(sd, {
            pattern: 'value \\d+',
            replacement: `value ${i + 1}`,
            path: 'sub/sd.txt',
            apply: true,
          }),
          await call(yq, { op: 'set', path: 'sub/conf.json', key: 'n', value: i + 1, apply: true }),
        );
      }
    } finally {
      swaps = await racer.stop();
    }
    // The race really ran: the folder changed hands many times while the calls were made.
    expect(swaps).toBeGreaterThanOrEqual(ROUNDS * SWAPS_PER_ROUND);
    expect(filesUnder(box.outside)).toEqual(new Map());
    expect(readdirSync(box.outside)).toEqual([]);
    for (const answer of answers) expect(typeof answer).toBe('string');
    // What a call says it created is inside (maybe in a folder the racer moved aside).
    const inside = [...filesUnder(box.workDir)].map(([rel, text]) => [rel.split('/').pop()!, text]);
    for (const [name, text] of created) expect(inside).toContainEqual([name, text]);
  });

  it(
    'never reads an outside file (or lists an outside name) through the swapped folder',
    { timeout: 120_000 },
    async () => {
      const secrets = join(box.root, 'secrets');
      mkdirSync(secrets);
      writeFileSync(join(secrets, 'secret.txt'), 'value TOP SECRET\n');
      writeFileSync(join(secrets, 'conf.json'), '{ "n": "TOP SECRET" }\n');
      writeFileSync(join(secrets, 'TOP SECRET name.txt'), 'x');
      box.put('sub/secret.txt', 'value inside\n');
      // Same names on both sides: every file a folder read touches is one more chance to leak.
      for (let k = 0; k < 30; k += 1) {
        writeFileSync(join(secrets, `s${k}.txt`), 'value TOP SECRET\n');
        box.put(`sub/s${k}.txt`, 'value inside\n');
      }
      const file = fileTool({ trash });
      const tools = { file, grep: grepTool(), sd: sdTool(), yq: yqTool(), diff: diffTool(), fd: fdTool() };
      const call = (tool: AgentTool, args: Record<string, unknown>) => tool.execute(args, box.ctx());
      const racer = await startSwapRacer(sub, secrets);
      let swaps: number;
      const answers: string[] = [];
      try {
        for (let i = 0; i < ROUNDS; i += 1) {
          await racer.swapsMore(SWAPS_PER_ROUND);
          answers.push(
            await call(file, { op: 'read', path: 'sub/secret.txt' }),
            await call(tools.grep, { pattern: 'value', path: 'sub' }),
            await call(tools.fd, { pattern: 'txt', path: 'sub' }),
            await call(tools.grep, { pattern: 'value', path: 'sub/secret.txt' }),
            await call(tools.sd, { pattern: 'value', replacement: 'v', path: 'sub/secret.txt' }),
            await call(tools.yq, { op: 'get', path: 'sub/conf.json', key: 'n' }),
            await call(tools.diff, { path_a: 'notes/a.md', path_b: 'sub/secret.txt' }),
            await call(file, { op: 'copy', path: 'sub/secret.txt', to: `keep/s${i}.txt` }),
            await call(file, { op: 'copy', path: 'sub', to: `keep/sub${i}` }),
          );
        }
      } finally {
        swaps = await racer.stop();
      }
      expect(swaps).toBeGreaterThanOrEqual(ROUNDS * SWAPS_PER_ROUND);
      for (const answer of answers) expect(answer).not.toContain('TOP SECRET');
      for (const text of filesUnder(box.workDir).values()) expect(text).not.toContain('TOP SECRET');
      expect(readFileSync(join(secrets, 'secret.txt'), 'utf8')).toBe('value TOP SECRET\n');
    },
  );
});
