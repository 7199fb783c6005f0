import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  blackboardDirs,
  cutAtCharacter,
  listNoteEntries,
  MAX_BOARD_NOTES,
  NOTE_CONTENT_MAX_BYTES,
  readBoardNotes,
} from './board-notes.ts';

let root: string;
let work: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fuseforks-board-'));
  work = join(root, 'work');
  mkdirSync(work);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `blackboard/<rel>` under a work folder. */
function put(rel: string, content = rel, base = work): string {
  const abs = join(base, 'blackboard', rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}
const where = (notes: { state: string | null; name: string }[]) =>
  notes.map((n) => (n.state === null ? n.name : `${n.state}/${n.name}`));

describe('blackboardDirs', () => {
  it('takes each work folder once by its resolved string, in world order, and skips agents without one', () => {
    const dirs = blackboardDirs([
      { workDir: '/w/b' },
      { workDir: null },
      { workDir: '/w/a/' },
      { workDir: '' },
      { workDir: '/w/x/../b' },
      { workDir: '/w/a' },
    ]);
    expect(dirs).toEqual(['/w/b', '/w/a']);
  });
});

describe('readBoardNotes', () => {
  it('lists root files by name, then state folders in string order, then names (not the tool order)', async () => {
    put('zeta.md');
    put('alpha.md');
    put('on-hold/a - y.md');
    put('doing/b - x.md');
    put('doing/a - x.md');
    put('done/a - z.md');
    put('Other/o.md');
    const notes = await readBoardNotes([work], 'en');
    expect(where(notes)).toEqual([
      'alpha.md',
      'zeta.md',
      'Other/o.md',
      'doing/a - x.md',
      'doing/b - x.md',
      'done/a - z.md',
      'on-hold/a - y.md',
    ]);
    expect(notes[3]).toMatchObject({
      dir: work,
      state: 'doing',
      content: 'doing/a - x.md',
      truncated: false,
    });
  });

  it('gives the mtime in whole milliseconds and the dir as declared (resolved), not its real path', async () => {
    const abs = put('doing/a - x.md', 'hi');
    utimesSync(abs, new Date(1_700_000_000_123), new Date(1_700_000_000_456));
    const linkedWork = join(root, 'linked-work');
    symlinkSync(work, linkedWork);
    const [note] = await readBoardNotes(blackboardDirs([{ workDir: `${linkedWork}/` }]), 'en');
    expect(note).toEqual({
      dir: linkedWork,
      state: 'doing',
      name: 'a - x.md',
      content: 'hi',
      modifiedMs: 1_700_000_000_456,
      truncated: false,
    });
  });

  it('ignores files deeper than one folder and folders themselves', async () => {
    put('doing/a - x.md');
    put('doing/sub/deep.md');
    mkdirSync(join(work, 'blackboard', 'empty'));
    expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/a - x.md']);
  });

  it('skips names delete would refuse: hidden files and folders, control characters', async () => {
    put('doing/a - x.md');
    put('.DS_Store');
    put('doing/.a - hidden.md');
    put('.hidden/a - y.md');
    put('doing/a - line\nbreak.md');
    expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/a - x.md']);
  });

  it('skips links: a linked note, a linked state folder, and a linked blackboard/ as a whole', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.md'), 'secret');
    put('doing/a - x.md');
    symlinkSync(join(outside, 'secret.md'), join(work, 'blackboard', 'doing', 'a - link.md'));
    symlinkSync(outside, join(work, 'blackboard', 'done'));
    expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/a - x.md']);

    const other = join(root, 'other');
    mkdirSync(other);
    symlinkSync(join(work, 'blackboard'), join(other, 'blackboard'));
    expect(await readBoardNotes([other], 'en')).toEqual([]);
  });

  it('skips hard-linked files, both names of them, and an alias of an outside file', async () => {
    const outside = join(root, 'outside.md');
    writeFileSync(outside, 'secret');
    linkSync(outside, join(put('doing/keep.md', 'kept'), '..', 'a - alias.md'));
    const first = put('done/a - one.md');
    linkSync(first, join(work, 'blackboard', 'a - two.md'));
    expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/keep.md']);
  });

  it.skipIf(process.platform === 'win32')('skips FIFOs without blocking on them', async () => {
    put('doing/a - x.md');
    execFileSync('mkfifo', [join(work, 'blackboard', 'doing', 'a - pipe.md')]);
    execFileSync('mkfifo', [join(work, 'blackboard', 'root-pipe')]);
    expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/a - x.md']);
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'passes over an unreadable note silently',
    async () => {
      chmodSync(put('doing/a - locked.md'), 0o000);
      put('doing/a - open.md');
      expect(where(await readBoardNotes([work], 'en'))).toEqual(['doing/a - open.md']);
    },
  );

  it('cuts a note over 256 KB on a character boundary and adds the note in the village language', async () => {
    // 3-byte characters: 262,144 is not a multiple of 3, so a byte cut would split one.
    put('doing/a - big.md', 'あ'.repeat(100_000));
    put('doing/a - exact.md', 'a'.repeat(NOTE_CONTENT_MAX_BYTES));
    const [big, exact] = await readBoardNotes([work], 'en');
    const kept = Math.floor(NOTE_CONTENT_MAX_BYTES / 3);
    expect(big!.truncated).toBe(true);
    expect(big!.content).toBe(
      `${'あ'.repeat(kept)}\n\n(Cut here: the note is over 256 KB. Open blackboard/doing/a - big.md for the whole text.)`,
    );
    expect(big!.content).not.toContain('\ufffd');
    expect(exact).toMatchObject({ truncated: false, content: 'a'.repeat(NOTE_CONTENT_MAX_BYTES) });
    const [ja] = await readBoardNotes([work], 'ja');
    expect(
      ja!.content.endsWith(
        '（256 KB を超えるため、ここで切りました。全文は blackboard/doing/a - big.md を開いてください）',
      ),
    ).toBe(true);
  });

  it('carries at most 1,000 notes, the first ones in dirs order then core order', async () => {
    const second = join(root, 'second');
    mkdirSync(join(second, 'blackboard'), { recursive: true });
    mkdirSync(join(work, 'blackboard', 'doing'), { recursive: true });
    for (let i = 0; i < 600; i += 1) {
      const name = `n${String(i).padStart(4, '0')}.md`;
      writeFileSync(join(work, 'blackboard', 'doing', name), '');
      writeFileSync(join(second, 'blackboard', name), '');
    }
    const notes = await readBoardNotes([work, second], 'en');
    expect(notes).toHaveLength(MAX_BOARD_NOTES);
    expect(notes.filter((n) => n.dir === work)).toHaveLength(600);
    expect(notes.at(-1)).toMatchObject({ dir: second, name: 'n0399.md' });
    expect(await listNoteEntries([work, second])).toHaveLength(MAX_BOARD_NOTES);
  });

  it('reads a missing work folder or a missing blackboard/ as empty', async () => {
    expect(await readBoardNotes([join(root, 'nowhere'), work], 'en')).toEqual([]);
    writeFileSync(join(work, 'blackboard'), 'a file, not a folder');
    expect(await readBoardNotes([work], 'en')).toEqual([]);
  });
});

describe('cutAtCharacter', () => {
  it('never ends inside a UTF-8 sequence', () => {
    const bytes = Buffer.from('a😀b', 'utf8'); // 1 + 4 + 1 bytes
    for (const [max, want] of [
      [1, 'a'],
      [2, 'a'],
      [4, 'a'],
      [5, 'a😀'],
      [6, 'a😀b'],
      [9, 'a😀b'],
    ] as const)
      expect(Buffer.from(cutAtCharacter(bytes, max)).toString('utf8')).toBe(want);
  });
});
