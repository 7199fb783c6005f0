import { describe, expect, it } from 'vitest';
import { buildBoards } from './blackboard-lanes.ts';
import type { BlackboardNote, OwnerFacts, WaveFacts } from './blackboard-notes.ts';

const A = '/work/a';
const B = '/work/b';

function agent(id: string, name: string, workDir: string | null = A): OwnerFacts {
  return { id, name, workDir, status: 'idle', usesBlackboard: true };
}

function note(state: string | null, name: string, dir = A): BlackboardNote {
  return { dir, state, name, content: `body of ${name}`, modifiedMs: 1, truncated: false };
}

const NONE: ReadonlySet<string> = new Set();

const ids = (board: ReturnType<typeof buildBoards>[number]) => board.lanes.map((l) => l.id);
const names = (board: ReturnType<typeof buildBoards>[number], lane: string) =>
  board.lanes.find((l) => l.id === lane)!.cards.map((c) => c.note.name);

describe('buildBoards', () => {
  it('always shows doing, on-hold and done, even with no notes', () => {
    const [board, ...rest] = buildBoards([], [agent('dev', 'Dev')], [], NONE);
    expect(rest).toEqual([]);
    expect(board!.dir).toBe(A);
    expect(ids(board!)).toEqual(['doing', 'on-hold', 'done']);
    expect(board!.lanes.every((l) => l.cards.length === 0)).toBe(true);
  });

  it('orders lanes doing → on-hold → done → unfiled → each other folder, whatever the core order', () => {
    // The core's order: root by name, then state folders by string, then name.
    const notes = [
      note(null, 'dev - r.md'),
      note('done', 'dev - d.md'),
      note('doing', 'dev - g.md'),
      note('later', 'dev - l.md'),
      note('on-hold', 'dev - h.md'),
      note('zz', 'dev - z.md'),
    ];
    const [board] = buildBoards(notes, [agent('dev', 'Dev')], [], NONE);
    expect(ids(board!)).toEqual(['doing', 'on-hold', 'done', 'unfiled', 'other:later', 'other:zz']);
    expect(names(board!, 'other:later')).toEqual(['dev - l.md']);
    expect(names(board!, 'unfiled')).toEqual(['dev - r.md']);
  });

  it('puts orphans first in a lane and otherwise keeps the core’s name order (badges never order)', () => {
    const notes = [
      note('doing', 'dev - a.md'),
      note('doing', 'ghost - b.md'),
      note('doing', 'lead - c.md'),
      note('doing', 'moved - d.md'),
    ];
    const agents = [agent('dev', 'Dev'), agent('lead', 'Lead'), agent('moved', 'Moved', B)];
    const waves: WaveFacts[] = [{ agentId: 'lead', state: 'pending', bundleChars: null, tasks: [] }];
    const [board] = buildBoards(notes, agents, waves, NONE);
    const doing = board!.lanes[0]!.cards;
    expect(doing.map((c) => c.note.name)).toEqual([
      'ghost - b.md',
      'moved - d.md',
      'dev - a.md',
      'lead - c.md',
    ]);
    expect(doing.map((c) => c.badge.kind)).toEqual(['released', 'released', 'released', 'yourTurn']);
  });

  it('heads a note with the owner’s current display name and the task, the id in the title', () => {
    const [board] = buildBoards([note('doing', 'dev - 調査 - 続き.md')], [agent('dev', 'ザリ')], [], NONE);
    const card = board!.lanes[0]!.cards[0]!;
    expect(card.heading).toBe('ザリ - 調査 - 続き');
    expect(card.title).toBe('dev - 調査 - 続き');
    expect(card.ownerId).toBe('dev');
    expect(card.key).toBe('/work/a:doing/dev - 調査 - 続き.md');
  });

  it('heads a note without an owner with its file name', () => {
    const [board] = buildBoards(
      [note(null, 'まとめ.md'), note('doing', 'Old Name - x.md')],
      [agent('dev', 'Dev')],
      [],
      NONE,
    );
    expect(board!.lanes.find((l) => l.id === 'unfiled')!.cards[0]!.heading).toBe('まとめ.md');
    expect(board!.lanes[0]!.cards[0]!.heading).toBe('Old Name - x.md');
    expect(board!.lanes[0]!.cards[0]!.ownerId).toBeNull();
  });

  it('marks every copy of a name found in several state folders as a duplicate', () => {
    const notes = [note('doing', 'dev - a.md'), note('done', 'dev - a.md'), note('done', 'dev - b.md')];
    const [board] = buildBoards(notes, [agent('dev', 'Dev')], [], NONE);
    const all = board!.lanes.flatMap((l) => l.cards);
    expect(all.filter((c) => c.duplicate).map((c) => `${c.note.state}/${c.note.name}`)).toEqual([
      'doing/dev - a.md',
      'done/dev - a.md',
    ]);
  });

  it('gives each work folder its own board: agents’ folders in world order, de-duplicated as resolved', () => {
    const agents = [
      agent('b1', 'B1', B),
      agent('a1', 'A1', A),
      agent('a2', 'A2', `${A}/`),
      agent('x', 'X', null),
    ];
    const notes = [
      note('doing', 'a1 - x.md', A),
      note('done', 'b1 - y.md', B),
      note('doing', 'old - z.md', '/gone'),
    ];
    const boards = buildBoards(notes, agents, [], NONE);
    expect(boards.map((b) => b.dir)).toEqual([B, A, '/gone']);
    expect(names(boards[0]!, 'done')).toEqual(['b1 - y.md']);
    expect(names(boards[1]!, 'doing')).toEqual(['a1 - x.md']);
    expect(names(boards[2]!, 'doing')).toEqual(['old - z.md']);
    expect(ids(boards[0]!)).toEqual(['doing', 'on-hold', 'done']);
  });

  it('has no board when no agent has a work folder and there are no notes', () => {
    expect(buildBoards([], [agent('dev', 'Dev', null)], [], NONE)).toEqual([]);
  });

  it('marks a note whose owner has "Uses the blackboard" off, and no other', () => {
    const off = { ...agent('quiet', 'Quiet'), usesBlackboard: false };
    const [board] = buildBoards(
      [note('doing', 'quiet - a.md'), note('doing', 'dev - b.md'), note('doing', 'ghost - c.md')],
      [off, agent('dev', 'Dev')],
      [],
      NONE,
    );
    const cards = board!.lanes[0]!.cards;
    expect(cards.map((c) => [c.note.name, c.ownerOffBoard])).toEqual([
      ['ghost - c.md', false],
      ['quiet - a.md', true],
      ['dev - b.md', false],
    ]);
  });
});
