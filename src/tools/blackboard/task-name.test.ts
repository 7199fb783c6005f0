import { describe, expect, it } from 'vitest';
import { normalizeTaskName, noteNameParts, splitNoteName } from './task-name.ts';

describe('normalizeTaskName', () => {
  it('trims, drops trailing dots and .md, replaces unsafe characters, and is idempotent', () => {
    for (const [raw, want] of [
      ['  調査  ', '調査'],
      ['調査.md', '調査'],
      ['調査.md.md', '調査'],
      ['report.', 'report'],
      ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
      ['tab\there\u0007', 'tab_here_'],
      // C1 control characters too (NEL U+0085 breaks a line in Unicode).
      ['next\u0085line\u009b', 'next_line_'],
      ['x - y', 'x - y'],
    ] as const) {
      const once = normalizeTaskName(raw);
      expect(once).toEqual({ ok: true, name: want });
      expect(normalizeTaskName(want)).toEqual({ ok: true, name: want });
    }
  });

  it('refuses empty names and names over 80 code points, never cutting them', () => {
    expect(normalizeTaskName('  .md ')).toEqual({ ok: false, why: 'empty' });
    expect(normalizeTaskName(undefined)).toEqual({ ok: false, why: 'empty' });
    expect(normalizeTaskName('字'.repeat(80))).toEqual({ ok: true, name: '字'.repeat(80) });
    expect(normalizeTaskName('字'.repeat(81))).toEqual({ ok: false, why: 'too_long' });
    expect(normalizeTaskName('😀'.repeat(80)).ok).toBe(true);
  });
});

describe('splitNoteName', () => {
  it('splits at the first " - " and leaves names without it ownerless', () => {
    expect(splitNoteName('alice - a - b.md')).toEqual({ owner: 'alice', task: 'a - b' });
    expect(splitNoteName('まとめ.md')).toBeNull();
    expect(splitNoteName('alice - x.txt')).toBeNull();
    expect(splitNoteName(' - x.md')).toBeNull();
  });
});

describe('noteNameParts', () => {
  it('says why a name claims no owner: not a .md file, or no " - " after an id', () => {
    expect(noteNameParts('agent_1 - notes.txt')).toEqual({ ok: false, why: 'not_md' });
    expect(noteNameParts('agent_1 - notes.md.bak')).toEqual({ ok: false, why: 'not_md' });
    expect(noteNameParts('まとめ.md')).toEqual({ ok: false, why: 'no_separator' });
    expect(noteNameParts(' - x.md')).toEqual({ ok: false, why: 'no_separator' });
    expect(noteNameParts('agent_1 - Job.MD')).toEqual({ ok: true, owner: 'agent_1', task: 'Job' });
  });
});
