import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BlackboardNote as CoreBlackboardNote } from '../../../src/domain/blackboard.ts';
import {
  classifyNote,
  collapseKey,
  type BlackboardNote,
  duplicateNames,
  noteOwner,
  sameNoteKey,
  type OwnerFacts,
  type WaveFacts,
} from './blackboard-notes.ts';

const DIR = '/work/a';

it('reads list_blackboard’s element exactly as the core returns it', () => {
  expectTypeOf<BlackboardNote>().toEqualTypeOf<CoreBlackboardNote>();
});

function agent(id: string, extra: Partial<OwnerFacts> = {}): OwnerFacts {
  return { id, name: id.toUpperCase(), workDir: DIR, status: 'idle', usesBlackboard: true, ...extra };
}

const NONE_TYPING: ReadonlySet<string> = new Set();

function wave(agentId: string, state: WaveFacts['state'], extra: Partial<WaveFacts> = {}): WaveFacts {
  return { agentId, state, bundleChars: null, tasks: [], ...extra };
}

const note = (name: string, dir = DIR) => ({ dir, name });
const classify = (
  n: { dir: string; name: string },
  agents: readonly OwnerFacts[],
  waves: readonly WaveFacts[],
  typing: ReadonlySet<string> = NONE_TYPING,
) => classifyNote(n, agents, waves, typing);

describe('noteOwner', () => {
  it('matches the part before the first " - " exactly against an id, as the tool splits names', () => {
    const agents = [agent('agent-1'), agent('agent-10')];
    expect(noteOwner('agent-1 - a - b.md', agents)).toEqual({ agent: agents[0], task: 'a - b' });
    expect(noteOwner('agent-10 - x.md', agents)?.agent.id).toBe('agent-10');
    // The old `<display name> - …` form, a prefix of an id, no separator, not Markdown: no owner.
    expect(noteOwner('AGENT-1 - x.md', agents)).toBeNull();
    expect(noteOwner('agent - x.md', agents)).toBeNull();
    expect(noteOwner('まとめ.md', agents)).toBeNull();
    expect(noteOwner(' - x.md', agents)).toBeNull();
    expect(noteOwner('agent-1 - x.txt', agents)).toBeNull();
  });
});

describe('classifyNote', () => {
  it('says orphanUnknown when no agent has the id, and for names claiming no owner', () => {
    expect(classify(note('ghost - x.md'), [agent('dev')], [])).toEqual({
      kind: 'released',
      reason: 'orphanUnknown',
    });
    expect(classify(note('まとめ.md'), [agent('dev')], [])).toEqual({
      kind: 'released',
      reason: 'orphanUnknown',
    });
  });

  it('says orphanMoved when the owner works in another folder or none, even while it types', () => {
    const moved = agent('dev', { workDir: '/work/b' });
    expect(classify(note('dev - x.md'), [moved], [], new Set(['dev']))).toEqual({
      kind: 'released',
      reason: 'orphanMoved',
    });
    const none = agent('dev', { workDir: null });
    expect(classify(note('dev - x.md'), [none], [])).toEqual({ kind: 'released', reason: 'orphanMoved' });
  });

  it('compares the owner’s folder as the core resolves it (a trailing separator is the same folder)', () => {
    expect(classify(note('dev - x.md'), [agent('dev', { workDir: '/work/a/' })], [])).toEqual({
      kind: 'released',
      reason: 'stopped',
    });
  });

  it('says yourTurn when the owner facilitates a pending wave, above being active', () => {
    const running = agent('dev', { status: 'running' });
    expect(classify(note('dev - x.md'), [running], [wave('dev', 'pending')], new Set(['dev']))).toEqual({
      kind: 'yourTurn',
    });
    // Someone else's pending wave is not the owner's turn.
    expect(classify(note('dev - x.md'), [agent('dev')], [wave('lead', 'pending')]).kind).toBe('released');
  });

  it('says active when typing, facilitating a dispatched wave still gathering, or a running recipient', () => {
    const facts = [agent('dev')];
    expect(classify(note('dev - x.md'), facts, [], new Set(['dev'])).kind).toBe('active');
    // Another servant typing is not this note's activity.
    expect(classify(note('dev - x.md'), facts, [], new Set(['lead'])).kind).toBe('released');
    expect(classify(note('dev - x.md'), facts, [wave('dev', 'dispatched')]).kind).toBe('active');
    // The bundle is in: the facilitator no longer waits on that wave.
    expect(classify(note('dev - x.md'), facts, [wave('dev', 'dispatched', { bundleChars: 10 })]).kind).toBe(
      'released',
    );
    const task = (state: 'running' | 'answered') => ({ to: 'dev', state, elapsedMs: null, msgChars: 1 });
    expect(
      classify(note('dev - x.md'), facts, [wave('lead', 'dispatched', { tasks: [task('running')] })]).kind,
    ).toBe('active');
    expect(
      classify(note('dev - x.md'), facts, [wave('lead', 'dispatched', { tasks: [task('answered')] })]).kind,
    ).toBe('released');
    // A pending wave's tasks say running as a placeholder: the recipient is not at work yet.
    expect(
      classify(note('dev - x.md'), facts, [wave('lead', 'pending', { tasks: [task('running')] })]).kind,
    ).toBe('released');
    expect(classify(note('dev - x.md'), facts, [wave('dev', 'discarded')]).kind).toBe('released');
  });

  it('takes typing from the live set only, never from the snapshot (as old as the last fetch)', () => {
    // A snapshot that still said typing (or a stale field) must not make it active; the live set does.
    const stale = { ...agent('dev', { status: 'running' }), typing: true };
    expect(classifyNote(note('dev - x.md'), [stale], [], NONE_TYPING)).toEqual({
      kind: 'released',
      reason: 'waiting',
    });
    expect(
      classifyNote(note('dev - x.md'), [agent('dev', { status: 'running' })], [], new Set(['dev'])),
    ).toEqual({ kind: 'active' });
  });

  it('says notMd for a file that is not .md, whatever its name claims (not "no owner")', () => {
    expect(classify(note('dev - notes.txt'), [agent('dev')], [], new Set(['dev']))).toEqual({
      kind: 'released',
      reason: 'notMd',
    });
    expect(classify(note('README'), [agent('dev')], [])).toEqual({ kind: 'released', reason: 'notMd' });
    // `.md` in any letter case is a note.
    expect(classify(note('dev - x.MD'), [agent('dev')], []).kind).toBe('released');
    expect(classify(note('dev - x.MD'), [agent('dev')], [])).toEqual({ kind: 'released', reason: 'stopped' });
  });

  it('breaks released down by the owner’s status: failed, waiting (running, not typing), stopped', () => {
    const of = (status: OwnerFacts['status']) => classify(note('dev - x.md'), [agent('dev', { status })], []);
    expect(of('failed')).toEqual({ kind: 'released', reason: 'failed' });
    expect(of('running')).toEqual({ kind: 'released', reason: 'waiting' });
    expect(of('starting')).toEqual({ kind: 'released', reason: 'waiting' });
    expect(of('idle')).toEqual({ kind: 'released', reason: 'stopped' });
    expect(of('stopping')).toEqual({ kind: 'released', reason: 'stopped' });
  });
});

describe('collapseKey', () => {
  it('is dir:state/name, and dir:name directly in blackboard/ (so a moved note opens again)', () => {
    expect(collapseKey({ dir: DIR, state: 'doing', name: 'dev - x.md' })).toBe('/work/a:doing/dev - x.md');
    expect(collapseKey({ dir: DIR, state: null, name: 'まとめ.md' })).toBe('/work/a:まとめ.md');
    expect(collapseKey({ dir: DIR, state: 'done', name: 'dev - x.md' })).not.toBe(
      collapseKey({ dir: DIR, state: 'doing', name: 'dev - x.md' }),
    );
  });
});

describe('duplicateNames', () => {
  it('marks a dir+name found in more than one state folder (root counts), never other names or dirs', () => {
    const notes = [
      { dir: DIR, state: 'doing', name: 'dev - A.md' },
      { dir: DIR, state: 'done', name: 'dev - A.md' },
      { dir: DIR, state: 'doing', name: 'dev - B.md' },
      { dir: '/work/b', state: 'doing', name: 'dev - B.md' },
      { dir: DIR, state: null, name: 'dev - C.md' },
      { dir: DIR, state: 'misc', name: 'dev - C.md' },
    ];
    const dups = duplicateNames(notes);
    expect(dups.has(sameNoteKey(notes[0]!))).toBe(true);
    expect(dups.has(sameNoteKey(notes[2]!))).toBe(false);
    expect(dups.has(sameNoteKey(notes[3]!))).toBe(false);
    expect(dups.has(sameNoteKey(notes[4]!))).toBe(true);
    expect(dups.size).toBe(2);
  });
});
