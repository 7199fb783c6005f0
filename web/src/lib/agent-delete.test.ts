import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { notesLeftOnBoard } from './agent-delete.ts';

describe('notesLeftOnBoard', () => {
  it('is the sweep’s failed count, 0 when none failed or the answer has none', () => {
    expect(notesLeftOnBoard({ blackboard: { removed: 2, failed: 3 } })).toBe(3);
    expect(notesLeftOnBoard({ blackboard: { removed: 2, failed: 0 } })).toBe(0);
    expect(notesLeftOnBoard(null)).toBe(0);
    expect(notesLeftOnBoard({})).toBe(0);
    expect(notesLeftOnBoard({ blackboard: { failed: '2' } })).toBe(0);
  });
});

describe('the delete-servant wording', () => {
  const locales = fileURLToPath(new URL('../locales', import.meta.url));
  const read = (language: 'ja' | 'en') =>
    JSON.parse(readFileSync(`${locales}/${language}/agentSettings.json`, 'utf8')) as object;
  const i18n = createI18n({
    legacy: false,
    locale: 'en',
    messages: { ja: { agentSettings: read('ja') }, en: { agentSettings: read('en') } },
  });
  const t = (language: 'ja' | 'en', key: string, n = 0) =>
    i18n.global.t(`agentSettings.${key}`, { n }, { locale: language, plural: n });

  it('warns of notes left on the board, singular and plural in English, any number in Japanese', () => {
    expect(t('en', 'deleteNotesLeft', 1)).toBe(
      '1 note of this servant could not be moved to the trash and stays on the board',
    );
    expect(t('en', 'deleteNotesLeft', 3)).toBe(
      '3 notes of this servant could not be moved to the trash and stay on the board',
    );
    expect(t('ja', 'deleteNotesLeft', 2)).toBe(
      'このサーヴァントの付箋 2 枚をごみ箱へ移せず、黒板に残っています',
    );
  });

  it('says in the confirm that its notes in its current work folder go to the trash', () => {
    expect(t('en', 'deleteBody')).toContain(
      'Its blackboard notes in its current work folder go to the trash',
    );
    expect(t('ja', 'deleteBody')).toContain(
      'いまの作業フォルダにあるこのサーヴァントの黒板の付箋はごみ箱へ移します',
    );
  });
});
