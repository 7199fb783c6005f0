import type * as FsPromises from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listNoteEntries, MAX_BOARD_NOTES, readBoardNotes, scanNoteEntries } from './board-notes.ts';

// Counts the real lstat calls (the files are real): how far a listing looks is not visible otherwise.
const counted = vi.hoisted(() => ({ lstat: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    lstat: (...args: Parameters<typeof real.lstat>) => {
      counted.lstat += 1;
      return real.lstat(...args);
    },
  };
});

let root: string;
let work: string;
const NOTES = MAX_BOARD_NOTES + 500;
// One board for all the cases: none of them changes it.
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fuseforks-board-cap-'));
  work = join(root, 'work');
  mkdirSync(join(work, 'blackboard', 'doing'), { recursive: true });
  for (let i = 0; i < NOTES; i += 1)
    writeFileSync(join(work, 'blackboard', 'doing', `a - t${String(i).padStart(5, '0')}.md`), 'x');
});
beforeEach(() => {
  counted.lstat = 0;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the 1,000-note cap', () => {
  it('stops looking once the listing has its 1,000 notes', async () => {
    const notes = await readBoardNotes([work], 'en');
    expect(notes).toHaveLength(MAX_BOARD_NOTES);
    expect(notes.at(-1)!.name).toBe('a - t00999.md');
    expect(counted.lstat).toBeLessThan(MAX_BOARD_NOTES + 10);
  });

  it('stops the entries clear_blackboard works through at the cap too', async () => {
    expect(await listNoteEntries([work])).toHaveLength(MAX_BOARD_NOTES);
    expect(counted.lstat).toBeLessThan(MAX_BOARD_NOTES + 10);
  });

  it('leaves the agent sweep uncapped: it reaches every note', async () => {
    expect(await scanNoteEntries(work)).toHaveLength(NOTES);
  });
});
