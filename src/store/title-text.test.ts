import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from './session-store.ts';
import { tempStore, userMessage } from './test-kit.ts';
import { markdownPlainText } from './title-text.ts';

let store: SessionStore;
let cleanup: () => void;

beforeEach(() => {
  ({ store, cleanup } = tempStore());
});
afterEach(() => cleanup());

/** The title a fresh session takes from `first` as its first request. */
function titleOf(first: string): string {
  const id = store.createSession();
  store.append(id, userMessage(first));
  return store.meta(id).title;
}

describe('the title taken from a first request written in Markdown', () => {
  it('is the readable text: no heading marker, no code fence, whitespace collapsed', () => {
    // The trial's request: the title was "# Please review ```js const a".
    expect(titleOf('# Please review\n```js\nconst a = 1;\nconst b = 2;\n```')).toBe(
      'Please review const a = 1; con',
    );
  });

  it('keeps the ledger length rule: 30 characters of the readable text', () => {
    const title = titleOf(`**${'x'.repeat(40)}**`);
    expect(title).toBe('x'.repeat(30));
  });

  it('drops emphasis, inline code ticks, link syntax (keeping the link text), list and quote markers', () => {
    expect(titleOf('**Fix** the `parse()` call')).toBe('Fix the parse() call');
    expect(titleOf('see [the docs](https://example.com/a) now')).toBe('see the docs now');
    expect(titleOf('- buy milk\n- call Bob')).toBe('buy milk call Bob');
    expect(titleOf('> quoted\n> text')).toBe('quoted text');
    expect(titleOf('1. first\n2. second')).toBe('first second');
  });

  it('drops HTML tags and keeps the words between them', () => {
    expect(titleOf('<img src=x onerror=alert(1)> hi <b>there</b>')).toBe('hi there');
    expect(titleOf('<div>\nhello\n</div>')).toBe('hello');
  });

  it('reads Japanese the same way', () => {
    expect(titleOf('## 京都への**旅行**を計画して')).toBe('京都への旅行を計画して');
  });

  it('keeps the raw text, collapsed, of a request that is markup only (never an untitled chat)', () => {
    expect(titleOf('---')).toBe('---');
    expect(titleOf('  plain   words\nhere ')).toBe('plain words here');
  });
});

describe('markdownPlainText', () => {
  it('gives image alt text and decoded entities', () => {
    expect(markdownPlainText('![a chart](c.png) a &amp; b')).toBe('a chart a & b');
  });

  it('reads only the head of a very long request (a title needs 30 characters)', () => {
    const text = markdownPlainText(`start ${'word '.repeat(100_000)}`);
    expect(text.startsWith('start word')).toBe(true);
    expect(text.length).toBeLessThan(5000);
  });
});
