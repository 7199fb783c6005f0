import { describe, expect, it } from 'vitest';
import { RAG_TEXTS } from './texts.ts';

describe('the rag search count', () => {
  it('says one matching line in the singular, more in the plural (English)', () => {
    const en = RAG_TEXTS.en;
    expect(en.matches(1, 1)).toBe('1 matching line');
    expect(en.matches(4, 4)).toBe('4 matching lines');
    expect(en.matches(1_200, 80)).toBe(
      '80 of 1,200 matching lines shown (12,000-character output limit). Narrow with path.',
    );
  });

  it('reads naturally in Japanese whatever the number', () => {
    const ja = RAG_TEXTS.ja;
    expect(ja.matches(1, 1)).toBe('1 行が一致しました');
    expect(ja.matches(4, 4)).toBe('4 行が一致しました');
    expect(ja.matches(60, 9)).toBe(
      '一致した 60 行のうち 9 行を表示しています（出力上限 12,000 字）。path で絞ってください。',
    );
  });
});
