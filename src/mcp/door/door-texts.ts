/**
 * What the door answers on its own, before the village is asked (busy, an internal failure, a refused
 * attachment argument), in the village language like the village's own answers (external-ask.ts;
 * issue 22: every text a model reads follows the village language). The tool's description stays
 * English: a client reads it once per session, whatever the language is later.
 */
import type { AskProgress } from '../../domain/ask-progress.ts';
import type { Language } from '../../domain/enums.ts';

export interface DoorTexts {
  busy: string;
  failed: string;
  oneAttachment: string;
  attachmentKeys: (extra: string) => string;
  nameTooLong: (max: number) => string;
  nameEmpty: string;
  tooLarge: (mb: number) => string;
  notBase64: string;
  noContent: string;
  /** A progress notification's message while the village works (issue 23). */
  progress: (update: AskProgress) => string;
}

export const DOOR_TEXTS: Record<Language, DoorTexts> = {
  ja: {
    busy: '村はいま別の外部からの依頼を処理しています。その依頼が終わってから、もう一度呼んでください。',
    failed: '村はこの依頼を処理できませんでした（内部エラー）。時間をおいてもう一度呼んでください。',
    oneAttachment:
      '1 通のメッセージに添付できるファイルは 1 つだけです。`attachment` を 1 つのオブジェクト {fileName, bytes} で送ってください。',
    attachmentKeys: (extra) =>
      `attachment に書けるのは fileName と bytes だけです（${extra} は書けません）。`,
    nameTooLong: (max) => `attachment.fileName が ${max} 字を超えています。`,
    nameEmpty: 'attachment.fileName が空です。ファイルの名前を書いてください。',
    tooLarge: (mb) => `ファイルが ${mb} MB を超えています（どの種別の添付でもこれが上限です）。`,
    notBase64:
      'attachment.bytes が base64 ではありません（標準のアルファベット、パディングあり、空白なし）。',
    noContent: 'attachment.bytes が空です。ファイルに中身がありません。',
    progress: (update) =>
      update.kind === 'tool'
        ? `${update.agent}が ${update.tool} を呼び出し中`
        : `${update.agent}が作業中${update.excerpt === '' ? '' : `: ${update.excerpt}`}`,
  },
  en: {
    busy: 'The village is busy with another external request. Try again later, once that request has finished.',
    failed: 'The village could not handle this request (an internal error). Try again later.',
    oneAttachment:
      'a message takes at most one attachment: send `attachment` as one object {fileName, bytes}.',
    attachmentKeys: (extra) => `attachment takes only fileName and bytes, not ${extra}.`,
    nameTooLong: (max) => `attachment.fileName is longer than ${max} characters.`,
    nameEmpty: 'attachment.fileName is empty: give the file its name.',
    tooLarge: (mb) => `the file is larger than ${mb} MB, the largest attachment of any kind.`,
    notBase64: 'attachment.bytes is not base64 (standard alphabet, padded, no spaces).',
    noContent: 'attachment.bytes is empty: the file has no content.',
    progress: (update) =>
      update.kind === 'tool'
        ? `${update.agent} is calling ${update.tool}`
        : `${update.agent} is working${update.excerpt === '' ? '' : `: ${update.excerpt}`}`,
  },
};
