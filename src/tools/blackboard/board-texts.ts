import type { Language } from '../../domain/enums.ts';

/**
 * What the blackboard commands say to the person at the Blackboard tab, in the village language.
 * Paths are shown relative to the work folder; an unsafe name from the request is never echoed.
 */
export interface BoardTexts {
  contentCut: (rel: string) => string;
  unsafeName: string;
  notAWorkFolder: string;
  gone: (rel: string) => string;
  notPlain: (rel: string) => string;
  trashFailed: (rel: string, detail: string) => string;
  clearStopped: (removed: number, why: string) => string;
}

const JA: BoardTexts = {
  contentCut: (rel) => `（256 KB を超えるため、ここで切りました。全文は ${rel} を開いてください）`,
  unsafeName:
    '付箋の名前か状態フォルダの名前が、1 つのファイル名ではありません（/ や \\、先頭の .、制御文字は使えません）。削除していません',
  notAWorkFolder:
    'このフォルダはどのサーヴァントの作業フォルダでもありません。削除できるのは、サーヴァントがいま向いている作業フォルダの付箋だけです',
  gone: (rel) => `${rel} はもうありません（黒板が変わりました）。黒板を読み直してください`,
  notPlain: (rel) =>
    `${rel} はリンク、ハードリンクされたファイル、または通常のファイルではないため、削除しません`,
  trashFailed: (rel, detail) => `${rel} をごみ箱へ移せませんでした（${detail}）。何も削除していません`,
  clearStopped: (removed, why) =>
    `${removed} 枚をごみ箱へ移したところで止まりました。残りは削除していません: ${why}`,
};

const EN: BoardTexts = {
  contentCut: (rel) => `(Cut here: the note is over 256 KB. Open ${rel} for the whole text.)`,
  unsafeName:
    'The note name or the state folder name is not a single file name (no /, \\, leading dot or control characters). Nothing was deleted',
  notAWorkFolder:
    "This folder is not any servant's work folder. Only notes in a servant's current work folder can be deleted",
  gone: (rel) => `${rel} is no longer there (the board has changed). Reload the board`,
  notPlain: (rel) => `${rel} is a link, a hard-linked file or not a regular file, so it is not deleted`,
  trashFailed: (rel, detail) => `${rel} could not be moved to the trash (${detail}). Nothing was deleted`,
  clearStopped: (removed, why) =>
    `Stopped after moving ${removed} note(s) to the trash; the rest were not deleted: ${why}`,
};

export const BOARD_TEXTS: Record<Language, BoardTexts> = { ja: JA, en: EN };
