import type { Language } from '../../domain/enums.ts';

/** Why one note was not trashed; the single delete and clear each finish the sentence their own way. */
export type NoteFailure =
  | { kind: 'gone'; rel: string }
  | { kind: 'not_plain'; rel: string }
  | { kind: 'unreadable'; rel: string }
  /** The OS trash refused or passed the note over; `place` is where it is looked for (trashPlace). */
  | { kind: 'trash_unusable'; rel: string; place: string | null };

/**
 * What the blackboard commands say to the person at the Blackboard tab, in the village language.
 * Paths are shown relative to the work folder; an unsafe name from the request is never echoed; an
 * errno is never the reason shown (it stays in the error's detail).
 */
export interface BoardTexts {
  contentCut: (rel: string) => string;
  unsafeName: string;
  notAWorkFolder: string;
  /** The reason as a clause, without advice. */
  why: (failure: NoteFailure) => string;
  /** delete_blackboard_note: the reason and what it means for that note. */
  oneFailed: (failure: NoteFailure) => string;
  /** clear_blackboard: how many went before the failure, the reason, and that the rest stayed (once). */
  clearStopped: (removed: number, failure: NoteFailure) => string;
}

const JA: BoardTexts = {
  contentCut: (rel) => `（256 KB を超えるため、ここで切りました。全文は ${rel} を開いてください）`,
  unsafeName:
    '付箋の名前か状態フォルダの名前が、1 つのファイル名ではありません（/ や \\、先頭の .、制御文字は使えません）。削除していません',
  notAWorkFolder:
    'このフォルダはどのサーヴァントの作業フォルダでもありません。削除できるのは、サーヴァントがいま向いている作業フォルダの付箋だけです',
  why: (f) => {
    switch (f.kind) {
      case 'gone':
        return `${f.rel} はもうありません（黒板が変わりました）`;
      case 'not_plain':
        return `${f.rel} はリンク、ハードリンクされたファイル、または通常のファイルではありません`;
      case 'unreadable':
        return `${f.rel} をごみ箱へ移す前に確かめられませんでした（そのフォルダを読めません）`;
      case 'trash_unusable':
        return (
          `${f.rel} をごみ箱へ移せませんでした。システムのごみ箱が使えません` +
          (f.place === null ? '' : `（ごみ箱を探す場所: ${f.place}）`)
        );
    }
  },
  oneFailed: (f) =>
    `${JA.why(f)}。${f.kind === 'gone' ? '黒板を読み直してください' : '何も削除していません'}`,
  clearStopped: (removed, f) =>
    removed === 0
      ? `1 枚もごみ箱へ移さないうちに止まりました。${JA.why(f)}。付箋はすべてそのまま置いてあります`
      : `${removed} 枚の付箋をごみ箱へ移したところで止まりました。${JA.why(f)}。残りの付箋はそのまま置いてあります`,
};

const notes = (n: number): string => `${n} ${n === 1 ? 'note' : 'notes'}`;

const EN: BoardTexts = {
  contentCut: (rel) => `(Cut here: the note is over 256 KB. Open ${rel} for the whole text.)`,
  unsafeName:
    'The note name or the state folder name is not a single file name (no /, \\, leading dot or control characters). Nothing was deleted',
  notAWorkFolder:
    "This folder is not any servant's work folder. Only notes in a servant's current work folder can be deleted",
  why: (f) => {
    switch (f.kind) {
      case 'gone':
        return `${f.rel} is no longer there (the board has changed)`;
      case 'not_plain':
        return `${f.rel} is a link, a hard-linked file or not a regular file`;
      case 'unreadable':
        return `${f.rel} could not be checked before moving it to the trash (its folder cannot be read)`;
      case 'trash_unusable':
        return (
          `${f.rel} could not be moved to the trash: the system trash is not usable` +
          (f.place === null ? '' : ` (it is looked for at ${f.place})`)
        );
    }
  },
  oneFailed: (f) => `${EN.why(f)}. ${f.kind === 'gone' ? 'Reload the board' : 'Nothing was deleted'}`,
  clearStopped: (removed, f) =>
    removed === 0
      ? `Stopped before moving any note to the trash. ${EN.why(f)}. Every note was left in place`
      : `Moved ${notes(removed)} to the trash, then stopped. ${EN.why(f)}. The rest were left in place`,
};

export const BOARD_TEXTS: Record<Language, BoardTexts> = { ja: JA, en: EN };
