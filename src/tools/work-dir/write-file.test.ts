import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { copyEntry } from './copy-entry.ts';
import { InsideError } from './inside-error.ts';
import { checkedTrashPath, moveEntry } from './move-entry.ts';
import { descriptorPaths } from './pinned-dir.ts';
import { readTextFile } from './read-text.ts';
import { createFile, makeFolder, replaceFileContent, withAppendable } from './write-file.ts';

/**
 * The one writer, called with paths a resolver checked a moment ago and a link planted since: a link
 * as the last component, a link as a parent folder, a hard link, a name that appeared before an
 * exclusive create. Run with descriptor paths (/proc, Linux) and with the dev/ino fallback.
 */
let box: ToolSandbox;
let root: string;
let outside: string;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? 'no code',
  );
const outsideNames = () => readdirSync(outside).sort();

const modes = [
  ['descriptor paths', true],
  ['dev/ino fallback', false],
] as const;

describe.each(modes)('the inside writer (%s)', (_name, procFd) => {
  const saved = descriptorPaths.enabled;
  beforeAll(() => {
    descriptorPaths.enabled = procFd && saved;
  });
  afterAll(() => {
    descriptorPaths.enabled = saved;
  });

  beforeEach(() => {
    box = toolSandbox();
    root = realpathSync(box.workDir);
    outside = realpathSync(box.outside);
    writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
    box.put('sub/a.txt', 'inside');
    // `out` is the folder a racer swapped for a link after the resolver saw a real folder there.
    symlinkSync(outside, join(root, 'out'));
  });
  afterEach(() => box.cleanup());

  it('creates files and folders inside, with their missing parents', async () => {
    await createFile(root, join(root, 'new/deep/n.txt'), 'N');
    await makeFolder(root, join(root, 'made/here'));
    expect(readFileSync(join(root, 'new/deep/n.txt'), 'utf8')).toBe('N');
    expect(lstatSync(join(root, 'made/here')).isDirectory()).toBe(true);
  });

  it('refuses a work folder that is no longer at the real path the resolver measured', async () => {
    // The resolver handed over `root`; since then the work folder was swapped for a link to an outside
    // folder (the last component), or a folder above it was (the path now leads elsewhere).
    const real = realpathSync(box.root);
    renameSync(root, join(real, 'work-aside'));
    symlinkSync(outside, root);
    expect(await rejection(createFile(root, join(root, 'n.txt'), 'x'))).toBe('ESCAPED');
    expect(await rejection(makeFolder(root, join(root, 'sub/d')))).toBe('ESCAPED');
    unlinkSync(root);
    mkdirSync(join(outside, 'nest', 'work'), { recursive: true });
    renameSync(join(real, 'work-aside'), join(real, 'nest-real'));
    const nested = join(real, 'nest', 'work');
    symlinkSync(join(outside, 'nest'), join(real, 'nest'));
    expect(await rejection(createFile(nested, join(nested, 'n.txt'), 'x'))).toBe('ESCAPED');
    expect(outsideNames()).toEqual(['nest', 'secret.txt']);
    expect(readdirSync(join(outside, 'nest', 'work'))).toEqual([]);
  });

  it('never creates through a link as a parent folder', async () => {
    expect(await rejection(createFile(root, join(root, 'out/new.txt'), 'x'))).toBe('ESCAPED');
    expect(await rejection(createFile(root, join(root, 'out/deep/new.txt'), 'x'))).toBe('ESCAPED');
    expect(await rejection(makeFolder(root, join(root, 'out/dir')))).toBe('ESCAPED');
    expect(outsideNames()).toEqual(['secret.txt']);
  });

  it('never creates through a link as the last component, dangling or not (O_EXCL)', async () => {
    // The name appeared between the check and the create: a link to where a new file would land.
    symlinkSync(join(outside, 'landed.txt'), join(root, 'sub/dangling.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'sub/alias.txt'));
    expect(await rejection(createFile(root, join(root, 'sub/dangling.txt'), 'x'))).toBe('EEXIST');
    expect(await rejection(createFile(root, join(root, 'sub/alias.txt'), 'x'))).toBe('EEXIST');
    expect(await rejection(makeFolder(root, join(root, 'sub/dangling.txt')))).toBe('EEXIST');
    expect(outsideNames()).toEqual(['secret.txt']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
  });

  it('an exclusive create loses to a file that appeared meanwhile, and leaves it alone', async () => {
    box.put('sub/raced.txt', 'theirs');
    expect(await rejection(createFile(root, join(root, 'sub/raced.txt'), 'mine'))).toBe('EEXIST');
    expect(readFileSync(join(root, 'sub/raced.txt'), 'utf8')).toBe('theirs');
  });

  it('never replaces or appends through a link, last component or parent', async () => {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'sub/alias.txt'));
    for (const abs of [join(root, 'sub/alias.txt'), join(root, 'out/secret.txt')]) {
      expect(await rejection(replaceFileContent(root, abs, 'pwned'))).toBe('ESCAPED');
      expect(await rejection(withAppendable(root, abs, (h) => h.appendFile('pwned')))).toBe('ESCAPED');
    }
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
    expect(outsideNames()).toEqual(['secret.txt']);
  });

  it('refuses to replace or append to a hard-linked file (it may be an outside alias)', async () => {
    linkSync(join(outside, 'secret.txt'), join(root, 'sub/hard.txt'));
    const abs = join(root, 'sub/hard.txt');
    const replaced = await replaceFileContent(root, abs, 'pwned').catch((error: unknown) => error);
    expect(replaced).toBeInstanceOf(InsideError);
    expect(replaced).toMatchObject({ problem: 'hard_linked', links: 2 });
    expect(await rejection(withAppendable(root, abs, (h) => h.appendFile('pwned')))).toBe('HARD_LINKED');
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
    // A single-named file is replaced, and the callback sees its current text.
    const seen: string[] = [];
    await replaceFileContent(root, join(root, 'sub/a.txt'), (current) => {
      seen.push(current);
      return 'new';
    });
    expect(seen).toEqual(['inside']);
    expect(readFileSync(join(root, 'sub/a.txt'), 'utf8')).toBe('new');
  });

  it('moves and copies only between folders inside', async () => {
    expect(await rejection(moveEntry(root, join(root, 'sub/a.txt'), join(root, 'out/a.txt')))).toBe(
      'ESCAPED',
    );
    expect(await rejection(moveEntry(root, join(root, 'out/secret.txt'), join(root, 'sub/s.txt')))).toBe(
      'ESCAPED',
    );
    expect(await rejection(copyEntry(root, join(root, 'out/secret.txt'), join(root, 'sub/s.txt')))).toBe(
      'ESCAPED',
    );
    expect(await rejection(copyEntry(root, join(root, 'sub'), join(root, 'out/sub')))).toBe('ESCAPED');
    expect(await rejection(copyEntry(root, join(root, 'out'), join(root, 'copy')))).toBe('ESCAPED');
    expect(await rejection(checkedTrashPath(root, join(root, 'out/secret.txt')))).toBe('ESCAPED');
    expect(outsideNames()).toEqual(['secret.txt']);
    expect(existsSync(join(root, 'sub/s.txt'))).toBe(false);
    expect(existsSync(join(root, 'copy'))).toBe(false);
    expect(readFileSync(join(root, 'sub/a.txt'), 'utf8')).toBe('inside');
  });

  it('copies a folder with its links as links, and never onto an existing name', async () => {
    symlinkSync('a.txt', join(root, 'sub/rel-link'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'sub/out-link'));
    mkdirSync(join(root, 'sub/inner'));
    box.put('sub/inner/b.txt', 'B');
    await copyEntry(root, join(root, 'sub'), join(root, 'backup/sub'));
    expect(readFileSync(join(root, 'backup/sub/a.txt'), 'utf8')).toBe('inside');
    expect(readFileSync(join(root, 'backup/sub/inner/b.txt'), 'utf8')).toBe('B');
    expect(lstatSync(join(root, 'backup/sub/rel-link')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(root, 'backup/sub/out-link')).isSymbolicLink()).toBe(true);
    expect(await rejection(copyEntry(root, join(root, 'sub/a.txt'), join(root, 'sub/inner/b.txt')))).toBe(
      'EEXIST',
    );
    await moveEntry(root, join(root, 'sub/inner/b.txt'), join(root, 'moved/b.txt'));
    expect(readFileSync(join(root, 'moved/b.txt'), 'utf8')).toBe('B');
    expect(await checkedTrashPath(root, join(root, 'moved/b.txt'))).toBe(join(root, 'moved/b.txt'));
  });

  it('reads only what is inside: a link as parent or last component reads as escaped', async () => {
    expect(await readTextFile(root, join(root, 'out/secret.txt'), false)).toEqual({ kind: 'escaped' });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'sub/alias.txt'));
    expect(await readTextFile(root, join(root, 'sub/alias.txt'), false)).toEqual({ kind: 'escaped' });
    expect(await readTextFile(root, join(root, 'sub/a.txt'), false)).toEqual({
      kind: 'ok',
      text: 'inside',
      bytes: 6,
    });
  });
});
