import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { toolSandbox } from '../test-kit.ts';
import { MAX_FILE_BYTES } from './limits.ts';
import { readTextFile } from './read-text.ts';

const box = toolSandbox();
const root = realpathSync(box.workDir);
afterAll(() => box.cleanup());

it('reads a file of exactly the limit and refuses one byte more', async () => {
  const exact = box.put('exact.txt', 'a'.repeat(MAX_FILE_BYTES));
  const over = box.put('over.txt', 'a'.repeat(MAX_FILE_BYTES + 1));
  const read = await readTextFile(root, exact, true);
  expect(read.kind === 'ok' && read.text.length).toBe(MAX_FILE_BYTES);
  expect(await readTextFile(root, over, true)).toEqual({ kind: 'too_large', bytes: MAX_FILE_BYTES + 1 });
});

it('reads small files whole, empty ones as empty text', async () => {
  expect(await readTextFile(root, box.put('s.txt', 'héllo\n'), true)).toEqual({
    kind: 'ok',
    text: 'héllo\n',
    bytes: 7,
  });
  expect(await readTextFile(root, box.put('e.txt', ''), true)).toEqual({ kind: 'ok', text: '', bytes: 0 });
});

it.runIf(existsSync('/proc/self/status'))(
  'reads past a size of 0 reported by stat (the buffer grows with the content)',
  async () => {
    const read = await readTextFile('/proc', '/proc/self/status', false);
    expect(read.kind).toBe('ok');
    expect(read.kind === 'ok' && read.text).toMatch(/^Name:/);
    expect(read.kind === 'ok' && read.bytes).toBeGreaterThan(200);
  },
);

it('tells binary, invalid UTF-8 and folders apart', async () => {
  const bin = join(box.workDir, 'b.bin');
  writeFileSync(bin, Buffer.from([0x41, 0x00, 0x42]));
  expect(await readTextFile(root, bin, false)).toEqual({ kind: 'binary' });
  const latin = join(box.workDir, 'l.txt');
  writeFileSync(latin, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  expect(await readTextFile(root, latin, true)).toEqual({ kind: 'not_utf8' });
  expect(await readTextFile(root, latin, false)).toEqual({ kind: 'ok', text: 'caf\uFFFD', bytes: 4 });
  expect(await readTextFile(root, box.workDir, false)).toEqual({ kind: 'folder' });
});
