import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { BLACKBOARD_STATES } from '../../../src/tools/blackboard/layout.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const read = (language: 'ja' | 'en') =>
  JSON.parse(readFileSync(`${root}/${language}/blackboard.json`, 'utf8')) as Record<string, unknown>;
const i18n = createI18n({
  legacy: false,
  locale: 'en',
  messages: { ja: { blackboard: read('ja') }, en: { blackboard: read('en') } },
});
const t = (language: 'ja' | 'en', key: string, n: number, extra: Record<string, unknown> = {}) =>
  i18n.global.t(`blackboard.${key}`, { n, ...extra }, { locale: language, plural: n });

// The confirms must state the count (ledger §5.8), in the plural form the number takes.
describe('the blackboard confirms and counts', () => {
  it('state the count in English, singular and plural', () => {
    expect(t('en', 'clearTitle', 1)).toBe('Move the one note on the blackboard to the trash?');
    expect(t('en', 'clearTitle', 3)).toBe('Move all 3 notes on the blackboard to the trash?');
    expect(t('en', 'deleteDoneTitle', 1)).toBe('Move the one done note to the trash?');
    expect(t('en', 'deleteDoneTitle', 2)).toBe('Move the 2 done notes to the trash?');
    expect(t('en', 'clearConfirm', 1)).toBe('Move 1 note to the trash');
    expect(t('en', 'noteCount', 1)).toBe('1 note');
    expect(t('en', 'noteCount', 0)).toBe('0 notes');
    expect(t('en', 'stoppedAfter', 0, { error: 'E' })).toBe('Stopped before deleting any note: E');
    expect(t('en', 'stoppedAfter', 1, { error: 'E' })).toBe('Stopped after deleting one note: E');
    expect(t('en', 'stoppedAfter', 4, { error: 'E' })).toBe('Stopped after deleting 4 notes: E');
  });

  it('state the count in Japanese whatever the number', () => {
    expect(t('ja', 'clearTitle', 1)).toBe('黒板の付箋 1 枚をすべてごみ箱へ移しますか？');
    expect(t('ja', 'clearTitle', 3)).toBe('黒板の付箋 3 枚をすべてごみ箱へ移しますか？');
    expect(t('ja', 'deleteDoneTitle', 2)).toBe('完了の付箋 2 枚をごみ箱へ移しますか？');
    expect(t('ja', 'stoppedAfter', 0, { error: 'E' })).toBe('1 枚も消さないうちに止まりました: E');
    expect(t('ja', 'stoppedAfter', 1, { error: 'E' })).toBe('1 枚を消したところで止まりました: E');
    expect(t('ja', 'stoppedAfter', 5, { error: 'E' })).toBe('5 枚を消したところで止まりました: E');
  });

  it.each(['ja', 'en'] as const)('name every state lane of the tool (%s)', (language) => {
    const lanes = read(language).lane as Record<string, string>;
    for (const state of BLACKBOARD_STATES) expect(lanes[state]?.trim(), state).toBeTruthy();
  });
});

// WCAG 2.5.3 (label in name): a voice user says the word on the button, so the accessible name of
// a note's delete button begins with it.
describe('the delete button of a note', () => {
  it.each(['ja', 'en'] as const)('is named by its visible word first (%s)', (language) => {
    const visible = read(language).delete as string;
    const name = i18n.global.t('blackboard.deleteLabel', { heading: 'H' }, { locale: language });
    expect(name.startsWith(visible), name).toBe(true);
    expect(name).toContain('H');
  });
});
