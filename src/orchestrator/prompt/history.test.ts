import { describe, expect, it } from 'vitest';
import { exchangePair, windowHistory } from './history.ts';

describe('exchangePair', () => {
  it('gives the sent string as user and the reply as assistant', () => {
    expect(exchangePair('【送り手: ユーザー】\nhi', 'hello', 'ja')).toEqual([
      { role: 'user', content: '【送り手: ユーザー】\nhi' },
      { role: 'assistant', content: 'hello' },
    ]);
  });

  it('replaces an empty reply with 「（発言なし）」', () => {
    expect(exchangePair('q', '', 'ja')[1]).toEqual({ role: 'assistant', content: '（発言なし）' });
    expect(exchangePair('q', ' \n', 'ja')[1]).toEqual({ role: 'assistant', content: '（発言なし）' });
  });
});

describe('windowHistory', () => {
  const exchanges = Array.from({ length: 10 }, (_, i) => ({ sent: `s${i}`, replied: `r${i}` }));

  it('keeps the last 8 exchanges by default, oldest first', () => {
    expect(windowHistory(exchanges).map((x) => x.sent)).toEqual([
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
    ]);
    expect(windowHistory(exchanges, 3).map((x) => x.sent)).toEqual(['s7', 's8', 's9']);
    expect(windowHistory(exchanges.slice(0, 2))).toHaveLength(2);
  });

  it('keeps nothing for a zero window', () => {
    expect(windowHistory(exchanges, 0)).toEqual([]);
  });
});
