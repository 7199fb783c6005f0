import { describe, expect, it } from 'vitest';
import {
  followsNewRow,
  OwnSends,
  anchoredScrollTop,
  isPinned,
  mergeNewestPage,
  prependOlder,
  rowsAfter,
  scrollAnchor,
  shouldLoadOlder,
  type RowExtent,
} from './chat-scroll.ts';
import type { AgentMessage } from './types.ts';

/** Rows of the given heights laid out from 0. */
function layout(entries: [string, number][]): RowExtent[] {
  let start = 0;
  return entries.map(([key, height]) => {
    const row = { key, start, end: start + height };
    start += height;
    return row;
  });
}

const msg = (id: string): AgentMessage =>
  ({
    id,
    from: { kind: 'user' },
    to: { kind: 'user' },
    content: id,
    tokens: 0,
    tsMs: 0,
    hop: 0,
  }) as AgentMessage;

describe('anchoring while older rows are put above', () => {
  it('keeps the top row where it was, whatever the heights of the new rows', () => {
    const before = layout([
      ['a', 50],
      ['b', 120],
      ['c', 40],
    ]);
    const anchor = scrollAnchor(before, 70);
    expect(anchor).toEqual({ key: 'b', offset: 20 });
    const after = layout([
      ['x', 300],
      ['y', 33],
      ['a', 50],
      ['b', 120],
      ['c', 40],
    ]);
    expect(anchoredScrollTop(anchor!, after)).toBe(300 + 33 + 50 + 20);
  });

  it('has no anchor in an empty list, and no position once the row is gone', () => {
    expect(scrollAnchor([], 0)).toBeNull();
    expect(anchoredScrollTop({ key: 'gone', offset: 5 }, layout([['a', 10]]))).toBeNull();
  });

  it('takes the row whose end is past the top, not one that ends exactly there', () => {
    expect(
      scrollAnchor(
        layout([
          ['a', 50],
          ['b', 50],
        ]),
        50,
      ),
    ).toEqual({ key: 'b', offset: 0 });
  });
});

describe('following and loading', () => {
  it('is pinned within 80 px of the bottom, unknown while the pane is hidden', () => {
    expect(isPinned({ scrollTop: 900, scrollHeight: 1500, clientHeight: 550 })).toBe(true);
    expect(isPinned({ scrollTop: 800, scrollHeight: 1500, clientHeight: 550 })).toBe(false);
    expect(isPinned({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 })).toBeNull();
  });

  it('asks for an older page only near the top, with more to come, none on its way, view not cleared', () => {
    const base = { scrollTop: 100, clientHeight: 500, hasMore: true, loading: false, viewCleared: false };
    expect(shouldLoadOlder(base)).toBe(true);
    expect(shouldLoadOlder({ ...base, scrollTop: 5000 })).toBe(false);
    expect(shouldLoadOlder({ ...base, hasMore: false })).toBe(false);
    expect(shouldLoadOlder({ ...base, loading: true })).toBe(false);
    expect(shouldLoadOlder({ ...base, viewCleared: true })).toBe(false);
    expect(shouldLoadOlder({ ...base, clientHeight: 0 })).toBe(false);
  });
});

describe('pages and counts', () => {
  it('puts an older page first, skipping messages already loaded', () => {
    const list = [msg('c'), msg('d')];
    const joined = prependOlder(list, [msg('a'), msg('b'), msg('c')]);
    expect(joined.added).toBe(2);
    expect(joined.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(list.map((m) => m.id)).toEqual(['c', 'd']);
  });

  it('counts the rows after the last one seen', () => {
    const keyed = (...keys: string[]) => keys.map((key) => ({ key }));
    expect(rowsAfter(keyed('a', 'b', 'c', 'd'), 'b')).toBe(2);
    expect(rowsAfter(keyed('a', 'b'), 'b')).toBe(0);
    expect(rowsAfter(keyed('a'), null)).toBe(0);
    expect(rowsAfter(keyed('a'), 'gone')).toBe(0);
  });
});

describe('the newest page fetched again after a reconnect', () => {
  const ids = (list: AgentMessage[]) => list.map((m) => m.id);
  it('keeps the older pages loaded and takes the page from its oldest message on', () => {
    const loaded = ['a', 'b', 'c', 'd'].map(msg);
    const merged = mergeNewestPage(loaded, ['c', 'd', 'e'].map(msg));
    expect(ids(merged.messages)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(merged.keptOlder).toBe(true);
  });
  it('takes the page alone when it does not join what is loaded (another conversation, a long gap)', () => {
    const loaded = ['a', 'b'].map(msg);
    expect(mergeNewestPage(loaded, ['x', 'y'].map(msg))).toEqual({
      messages: ['x', 'y'].map(msg),
      keptOlder: false,
    });
    expect(mergeNewestPage(loaded, []).messages).toEqual([]);
    expect(mergeNewestPage([], ['x'].map(msg)).keptOlder).toBe(false);
    // The page starts at the loaded oldest: nothing older was loaded, the page's cursor holds.
    expect(mergeNewestPage(loaded, ['a', 'b', 'c'].map(msg)).keptOlder).toBe(false);
  });
});

describe('which new row takes the view to the bottom', () => {
  const user = (content: string) => ({ fromUser: true, content });

  it('a pinned view follows every row', () => {
    expect(followsNewRow(true, { fromUser: false, content: 'reply' }, new OwnSends())).toBe(true);
    expect(followsNewRow(true, null, new OwnSends())).toBe(true);
  });

  it('scrolled up, only a request this tab sent pulls the view down, once', () => {
    const own = new OwnSends();
    expect(followsNewRow(false, user('from the API'), own)).toBe(false);
    own.note('mine');
    expect(followsNewRow(false, { fromUser: false, content: 'mine' }, own)).toBe(false);
    expect(followsNewRow(false, user('from the API'), own)).toBe(false);
    expect(followsNewRow(false, user('mine'), own)).toBe(true);
    // The same text again from elsewhere is not this tab's any more.
    expect(followsNewRow(false, user('mine'), own)).toBe(false);
  });

  it('a failed send is forgotten, and only the last 20 are kept', () => {
    const own = new OwnSends();
    own.note('failed');
    expect(own.claim('failed')).toBe(true);
    expect(followsNewRow(false, user('failed'), own)).toBe(false);
    for (let i = 0; i < 25; i++) own.note(`m${i}`);
    expect(own.claim('m0')).toBe(false);
    expect(own.claim('m24')).toBe(true);
  });
});
