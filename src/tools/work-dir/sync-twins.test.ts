/**
 * The synchronous walk and read the regex workers use (issue 24) give what the async ones give, case
 * by case: the scans' results must not change with the speed-up.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toolSandbox } from '../test-kit.ts';
import { descriptorPaths } from './pinned-dir.ts';
import { MAX_FILE_BYTES } from './limits.ts';
import { readTextFile } from './read-text.ts';
import { readTextFileSync } from './read-text-sync.ts';
import { walkWorkDir } from './walk.ts';
import { walkWorkDirSync } from './walk-sync.ts';

const box = toolSandbox();
let root: string;
const files: Record<string, string | Uint8Array> = {
  'plain.txt': 'héllo\nworld\n',
  'empty.txt': '',
  'bom.txt': '\ufeffstarts with a BOM\n',
  'two-boms.txt': '\ufeff\ufeffonly one is dropped\n',
  'crlf.txt': 'a\r\nb\r\n',
  'bad-utf8.txt': Uint8Array.from([0x61, 0xff, 0x62, 0xc3, 0x0a, 0xe2, 0x82]),
  'binary.bin': Uint8Array.from([0x61, 0x00, 0x62]),
  'late-nul.txt': `${'a'.repeat(5000)}\u0000`,
  'exact.txt': 'a'.repeat(MAX_FILE_BYTES),
  'over.txt': 'a'.repeat(MAX_FILE_BYTES + 1),
  'a/deep/z.txt': 'z',
  'a/y.txt': 'y',
  '.env': 'hidden file',
  '.git/config': 'hidden folder',
  'node_modules/x/i.js': 'build folder',
};

beforeAll(() => {
  for (const [rel, content] of Object.entries(files)) box.put(rel, content);
  mkdirSync(join(box.workDir, 'folder'));
  writeFileSync(join(box.outside, 'secret.txt'), 'outside');
  symlinkSync(box.outside, join(box.workDir, 'linked'));
  symlinkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'secret-link.txt'));
  if (process.platform !== 'win32') execFileSync('mkfifo', [join(box.workDir, 'pipe')]);
  root = realpathSync(box.workDir);
});
afterAll(() => box.cleanup());

const names = [
  ...Object.keys(files),
  'folder',
  'secret-link.txt',
  'linked',
  'linked/secret.txt',
  'missing.txt',
  ...(process.platform !== 'win32' ? ['pipe'] : []),
];

async function settle<T>(work: () => Promise<T> | T): Promise<T | { threw: unknown }> {
  try {
    return await work();
  } catch (error) {
    return { threw: (error as { code?: unknown }).code ?? String(error) };
  }
}

for (const strict of [true, false]) {
  it(`readTextFileSync gives what readTextFile gives (strict: ${strict})`, async () => {
    for (const rel of names) {
      const abs = join(root, rel);
      const expected = await settle(() => readTextFile(root, abs, strict));
      expect(await settle(() => readTextFileSync(root, abs, strict)), rel).toEqual(expected);
    }
  });
}

it('readTextFileSync refuses a file outside the work folder', () => {
  expect(readTextFileSync(root, join(realpathSync(box.outside), 'secret.txt'), false)).toEqual({
    kind: 'escaped',
  });
});

it('readTextFileSync without descriptor paths (the dev/ino fallback) reads the same', async () => {
  const saved = descriptorPaths.enabled;
  descriptorPaths.enabled = false;
  try {
    for (const rel of names) {
      const abs = join(root, rel);
      const expected = await settle(() => readTextFile(root, abs, false));
      expect(await settle(() => readTextFileSync(root, abs, false)), rel).toEqual(expected);
    }
  } finally {
    descriptorPaths.enabled = saved;
  }
});

it('walkWorkDirSync gives walkWorkDir entries, order, counts and cap', async () => {
  for (const cap of [1, 3, 5, 100]) {
    expect(walkWorkDirSync(root, root, '.', cap)).toEqual(await walkWorkDir(root, root, '.', cap));
  }
  const sub = join(root, 'a');
  expect(walkWorkDirSync(root, sub, 'a')).toEqual(await walkWorkDir(root, sub, 'a'));
  expect(walkWorkDirSync(root, join(root, 'linked'), 'linked')).toEqual(
    await walkWorkDir(root, join(root, 'linked'), 'linked'),
  );
  expect(walkWorkDirSync(root, root, '.').entries.map((e) => e.rel)).not.toContain('linked');
});
