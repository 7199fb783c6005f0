import { describe, expect, it } from 'vitest';
import { deleteArgs, deleteOneByOne } from './blackboard-delete.ts';

describe('deleteOneByOne', () => {
  it('deletes each note in order and counts them', async () => {
    const seen: string[] = [];
    const run = await deleteOneByOne(['a', 'b', 'c'], async (n) => {
      seen.push(n);
    });
    expect(run).toEqual({ removed: 3, error: null });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('stops at the first failure: nothing after it is tried, the error is kept', async () => {
    const seen: string[] = [];
    const failure = new Error('gone');
    const run = await deleteOneByOne(['a', 'b', 'c'], async (n) => {
      seen.push(n);
      if (n === 'b') throw failure;
    });
    expect(run).toEqual({ removed: 1, error: failure });
    expect(seen).toEqual(['a', 'b']);
  });

  it('does nothing for an empty lane', async () => {
    expect(await deleteOneByOne([], async () => Promise.reject(new Error('never')))).toEqual({
      removed: 0,
      error: null,
    });
  });
});

describe('deleteArgs', () => {
  it('sends dir, state (null directly in blackboard/) and name, nothing else', () => {
    const note = { dir: '/w', state: null, name: 'まとめ.md', content: 'x', modifiedMs: 1, truncated: false };
    expect(deleteArgs(note)).toEqual({ dir: '/w', state: null, name: 'まとめ.md' });
    expect(deleteArgs({ ...note, state: 'done' })).toEqual({ dir: '/w', state: 'done', name: 'まとめ.md' });
  });
});
