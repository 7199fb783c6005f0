import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { listWorkDirFiles } from './work-dir-files.ts';

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
  for (const rel of ['README.md', 'src/main.ts', 'src/util/x.ts', 'node_modules/p/index.js', '.git/HEAD'])
    box.put(rel, 'x');
  symlinkSync(box.outside, join(box.workDir, 'elsewhere'));
});
afterEach(() => box.cleanup());

it('lists files only, skipping hidden and build folders and links', async () => {
  expect(await listWorkDirFiles(box.workDir)).toEqual({
    files: ['README.md', 'src/main.ts', 'src/util/x.ts'],
    truncated: false,
  });
});

it('says when it stopped early, and lists nothing for a missing folder', async () => {
  expect(await listWorkDirFiles(box.workDir, 2)).toEqual({
    files: ['README.md', 'src/main.ts'],
    truncated: true,
  });
  expect(await listWorkDirFiles(join(box.root, 'gone'))).toEqual({ files: [], truncated: false });
});
