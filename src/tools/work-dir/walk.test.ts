import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { walkWorkDir } from './walk.ts';

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
  for (const rel of [
    'b.txt',
    'a/z.txt',
    'a/y.txt',
    '.git/config',
    'node_modules/x/i.js',
    'dist/o.js',
    '.env',
  ])
    box.put(rel, 'x');
  box.put('c.txt', 'x');
  symlinkSync(box.outside, join(box.workDir, 'linked'));
  symlinkSync(join(box.workDir, 'b.txt'), join(box.workDir, 'b-link.txt'));
});
afterEach(() => box.cleanup());
const root = () => realpathSync(box.workDir);

it('walks sorted, skips hidden and build folders and every symlink', async () => {
  const result = await walkWorkDir(root(), root(), '.');
  expect(result.entries.map((e) => (e.isDir ? `${e.rel}/` : e.rel))).toEqual([
    '.env',
    'a/',
    'a/y.txt',
    'a/z.txt',
    'b.txt',
    'c.txt',
  ]);
  expect(result).toMatchObject({ files: 5, truncated: false });
});

it('stops at the file cap and says so, only when a file was left out', async () => {
  const capped = await walkWorkDir(root(), root(), '.', 3);
  expect(capped.entries.filter((e) => !e.isDir).map((e) => e.rel)).toEqual(['.env', 'a/y.txt', 'a/z.txt']);
  expect(capped.truncated).toBe(true);
  expect((await walkWorkDir(root(), root(), '.', 5)).truncated).toBe(false);
  expect((await walkWorkDir(root(), join(root(), 'a'), 'a')).entries.map((e) => e.rel)).toEqual([
    'a/y.txt',
    'a/z.txt',
  ]);
});

it('lists nothing of a folder that turned out to be outside (a link swapped in after the check)', async () => {
  mkdirSync(join(box.outside, 'deep'));
  writeFileSync(join(box.outside, 'deep', 'secret-name.txt'), 'x');
  for (const start of ['linked', 'linked/deep']) {
    const walk = await walkWorkDir(root(), join(root(), start), start);
    expect(walk.entries).toEqual([]);
  }
});
