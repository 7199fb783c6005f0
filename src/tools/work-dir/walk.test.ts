import { symlinkSync } from 'node:fs';
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

it('walks sorted, skips hidden and build folders and every symlink', async () => {
  const result = await walkWorkDir(box.workDir, '.');
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
  const capped = await walkWorkDir(box.workDir, '.', 3);
  expect(capped.entries.filter((e) => !e.isDir).map((e) => e.rel)).toEqual(['.env', 'a/y.txt', 'a/z.txt']);
  expect(capped.truncated).toBe(true);
  expect((await walkWorkDir(box.workDir, '.', 5)).truncated).toBe(false);
  expect((await walkWorkDir(join(box.workDir, 'a'), 'a')).entries.map((e) => e.rel)).toEqual([
    'a/y.txt',
    'a/z.txt',
  ]);
});
