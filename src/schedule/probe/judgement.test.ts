import { describe, expect, it } from 'vitest';
import { judgeStdout } from './judgement.ts';

describe('judgeStdout', () => {
  it('matches line 1 after dropping the \\r of a CRLF ending', () => {
    expect(judgeStdout('GoMolt\r\nmore\r\n', 'GoMolt', false)).toMatchObject({
      outcome: 'match',
      line1: 'GoMolt',
      rest: 'more\r\n',
    });
  });

  it('trims only line 1 and keeps lines 2+ verbatim', () => {
    const judged = judgeStdout('  CHANGED \n  {\n    "a": 1\n  }\n', 'CHANGED', false);
    expect(judged.outcome).toBe('match');
    expect(judged.rest).toBe('  {\n    "a": 1\n  }\n');
  });

  it('takes a leading empty line as an empty line 1', () => {
    expect(judgeStdout('\nCHANGED\n', 'CHANGED', false)).toMatchObject({ outcome: 'no_match', line1: '' });
  });

  it('compares exactly: case and inner spaces count', () => {
    expect(judgeStdout('changed\n', 'CHANGED', false).outcome).toBe('no_match');
    expect(judgeStdout('CHAN GED\n', 'CHANGED', false).outcome).toBe('no_match');
  });

  it('matches output without any newline', () => {
    expect(judgeStdout('CHANGED', 'CHANGED', false)).toMatchObject({ outcome: 'match', rest: '' });
  });

  it('makes no judgement when the capture was cut inside line 1', () => {
    expect(judgeStdout('CHANGED', 'CHANGED', true)).toMatchObject({
      outcome: 'error',
      reason: 'signal_truncated',
    });
  });

  it('still judges when the capture was cut after line 1', () => {
    expect(judgeStdout('CHANGED\nxxxx', 'CHANGED', true)).toMatchObject({ outcome: 'match', reason: null });
  });
});
