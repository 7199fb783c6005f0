import { describe, expect, it } from 'vitest';
import { approvedMessage, rowReasons, shownPatternText, shownRequest } from './run-approval.ts';

describe('inline run approval texts', () => {
  it('tells the servant in the village language which pattern it may run', () => {
    expect(approvedMessage('en', 'git log --oneline')).toBe(
      'Approved: `git log --oneline`. You can call run again.',
    );
    expect(approvedMessage('ja', 'git log *')).toBe('承認しました: `git log *`。もう一度 run を呼べます。');
  });

  it('shows the request as one command line', () => {
    expect(shownRequest({ command: 'git', args: ['log', '--oneline'] })).toBe('git log --oneline');
    expect(shownRequest({ command: 'ruff', args: [] })).toBe('ruff');
    // One argument with a space is not two arguments; a newline is spelled out.
    expect(shownRequest({ command: 'rm', args: ['a b'] })).toBe("rm 'a b'");
    expect(shownRequest({ command: 'rm', args: ['a', 'b'] })).toBe('rm a b');
    expect(shownRequest({ command: 'echo', args: ['x\ny'] })).toBe("echo $'x\\ny'");
  });

  it('shows a pattern to be stored as the argv it matches, the wildcard bare', () => {
    expect(shownPatternText('git log *')).toBe('git log *');
    expect(shownPatternText('ls *.py')).toBe("ls '*.py'");
  });

  it('gives the call its own reason, and the pending entry’s only when it differs', () => {
    expect(rowReasons('check', { reason: 'check' })).toEqual({ own: 'check', latest: null });
    expect(rowReasons('check', { reason: 'again' })).toEqual({ own: 'check', latest: 'again' });
    expect(rowReasons(null, { reason: 'again' })).toEqual({ own: null, latest: 'again' });
    expect(rowReasons('  ', {})).toEqual({ own: null, latest: null });
    expect(rowReasons('check', null)).toEqual({ own: 'check', latest: null });
  });
});
