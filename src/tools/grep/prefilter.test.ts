import { realpathSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { toolSandbox } from '../test-kit.ts';
import { prefilterFor } from './prefilter.ts';
import { scanFiles, type ScanTarget } from './scan.ts';

const text = (bytes: Buffer | null): string | null => (bytes === null ? null : bytes.toString('latin1'));

it.each([
  [/needle/u, 'needle', false],
  [/fn_[a-z]+\(\d+\)/u, 'fn_', false],
  [/abc*/u, 'ab', false],
  [/abc+/u, 'ab', false],
  [/abc{2}/u, 'ab', false],
  [/ab?c/u, null, false],
  [/foo|bar/u, null, false],
  [/(foo)bar/u, null, false],
  [/^foo/u, null, false],
  [/\bfoo/u, null, false],
  [/Needle/iu, null, true],
  [/héllo/u, null, true],
  [/needle/gu, null, false],
])('prefilterFor(%s): required bytes %s, whole-text test %s', (pattern, bytes, wholeText) => {
  const filter = prefilterFor(pattern);
  expect(text(filter.bytes)).toBe(bytes);
  expect(filter.wholeText).toBe(wholeText);
});

const box = toolSandbox();
afterAll(() => box.cleanup());

it('a file read with U+FFFD is still found by its ASCII text, and case-folded matches are kept', async () => {
  const files: [string, string | Uint8Array][] = [
    ['bad.txt', Uint8Array.from([0xe2, 0x82, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a])],
    ['upper.txt', 'NEEDLE\n'],
    ['none.txt', 'nothing\n'],
  ];
  const root = realpathSync(box.workDir);
  const targets: ScanTarget[] = files.map(([rel, content]) => {
    box.put(rel, content);
    return { rel, abs: `${root}/${rel}`, name: rel };
  });
  const scan = async (pattern: RegExp) =>
    (await scanFiles(targets, { root, pattern, include: null, context: 0, countOnly: true })).files;
  expect(await scan(/needle/u)).toEqual([{ rel: 'bad.txt', count: 1 }]);
  expect(await scan(/needle/iu)).toEqual([
    { rel: 'bad.txt', count: 1 },
    { rel: 'upper.txt', count: 1 },
  ]);
  expect(await scan(/\uFFFDneedle/u)).toEqual([{ rel: 'bad.txt', count: 1 }]);
});
