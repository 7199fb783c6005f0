import { describe, expect, it } from 'vitest';
import { approvedMessage, shownRequest } from './run-approval.ts';

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
  });
});
