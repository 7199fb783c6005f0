import { describe, expect, it } from 'vitest';
import { REFUSAL_WINDOW_CHARS, REFUSAL_WORDS_EN, REFUSAL_WORDS_JA, isRefusal } from './refusal.ts';

describe('isRefusal: the closed word list', () => {
  it('pins the list (changing it is a spec change)', () => {
    expect(REFUSAL_WINDOW_CHARS).toBe(80);
    expect(REFUSAL_WORDS_JA).toEqual([
      'できません',
      '出来ません',
      'かねます',
      'お断り',
      '控えさせて',
      '不可能です',
      '無理です',
    ]);
    expect(REFUSAL_WORDS_EN).toHaveLength(17);
  });

  it.each([
    '申し訳ありませんが、そのご依頼にはお応えできません。',
    'その操作は致しかねます。',
    'ご要望の件は対応いたしかねます',
    '恐れ入りますが、お断りします。',
    '個人情報に関わるため回答は控えさせていただきます。',
    'この条件で期限内に終えるのは不可能です。',
    '正直に言うと無理です。',
    '私には出来ません',
  ])('ja refusal: %s', (text) => {
    expect(isRefusal(text)).toBe(true);
  });

  it.each([
    'I cannot help with that request.',
    "I can't do that.",
    'I can’t access that file.',
    'Sorry — I’m unable to reach the server.',
    'I am not able to open URLs.',
    'I must decline this one.',
    'Unfortunately this is not possible with the current tools.',
    'Ｉ ｃａｎｎｏｔ ｈｅｌｐ', // full-width, folded by NFKC
    '  \n  I cannot, sorry.',
  ])('en refusal: %s', (text) => {
    expect(isRefusal(text)).toBe(true);
  });

  it.each([
    '調査しました。結果は以下のとおりです。',
    '申し訳ありません、お待たせしました。結果を報告します。',
    'わかりました。grep で 3 件見つかりました。',
    'Here is the summary you asked for.',
    "I'm sorry for the delay; the report is below.",
    'The AI cannot be blamed here: the config was wrong.',
    'I can help with that. First, the config:',
    '',
    '   ',
  ])('not a refusal: %s', (text) => {
    expect(isRefusal(text)).toBe(false);
  });

  it('reads only the first 80 characters', () => {
    const pad = 'あ'.repeat(REFUSAL_WINDOW_CHARS);
    expect(isRefusal(`${pad}できません`)).toBe(false);
    expect(isRefusal(`${'あ'.repeat(REFUSAL_WINDOW_CHARS - 5)}できません`)).toBe(true);
    expect(isRefusal(`${'x'.repeat(REFUSAL_WINDOW_CHARS)} I cannot`)).toBe(false);
  });

  it('counts the window in code points, not UTF-16 units', () => {
    // 75 astral characters are 150 UTF-16 units but 75 characters: the word still fits in 80.
    expect(isRefusal(`${'😀'.repeat(75)}できません`)).toBe(true);
  });
});
