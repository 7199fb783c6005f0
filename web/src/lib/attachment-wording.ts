/**
 * The chat's words about attachments, as i18n keys and their values (locales/{ja,en}/attachments.json).
 * Kept apart from the components so both languages can be tested through the real vue-i18n.
 */
import { ATTACHMENT_IMAGE_MAX_EDGE_PX, type AttachmentKind } from '../../../src/domain/attachment.ts';
import { formatMegabytes } from '../../../src/domain/attachment-detect.ts';
import type { AttachmentProblem, DraftNotice } from './attachment-check.ts';

/** The i18n `t` (vue-i18n's `t(key, named)`). */
export type Translate = (key: string, named?: Record<string, unknown>) => string;

/**
 * Bytes in decimal units (MB = 10^6, as the limits are defined), rounded up: a file one byte over
 * the 10 MB gate reads "10.1 MB", never "10 MB" next to "at most 10 MB". From 1 MB on it is the
 * core's `formatMegabytes`, the words the server's refusals use.
 */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.ceil(bytes / 1000)} KB`;
  return formatMegabytes(bytes);
}

/** "image", "audio file", … / 画像・音声・… as a word inside a sentence. */
export function kindWord(kind: AttachmentKind, t: Translate): string {
  return t(`attachments.kind.${kind}`);
}

/** "images", "audio files", … (English needs the plural where a rule is stated; Japanese does not). */
export function kindsWord(kind: AttachmentKind, t: Translate): string {
  return t(`attachments.kinds.${kind}`);
}

/** The line under a refused file, naming the limit or what the servant's connection can take. */
export function problemText(
  problem: AttachmentProblem,
  context: { fileName: string; servant: string },
  t: Translate,
): string {
  const name = context.fileName;
  switch (problem.code) {
    case 'empty':
    case 'unknownKind':
    case 'animated':
      return t(`attachments.problem.${problem.code}`, { name });
    case 'tooLarge':
      return t(
        problem.kind === 'image' ? 'attachments.problem.tooLargeImage' : 'attachments.problem.tooLarge',
        {
          name,
          size: formatSize(problem.byteLength),
          limit: formatSize(problem.limitBytes),
          kind: kindWord(problem.kind, t),
          kinds: kindsWord(problem.kind, t),
        },
      );
    case 'tooManyPixels':
      return t('attachments.problem.tooManyPixels', {
        name,
        width: problem.width,
        height: problem.height,
        megapixels: problem.limitPixels / 1_000_000,
      });
    case 'notCarried':
      return t('attachments.problem.notCarried', {
        servant: context.servant,
        provider: t(`templates.providers.${problem.provider}`),
        kind: kindWord(problem.kind, t),
        kinds: kindsWord(problem.kind, t),
        carried: problem.carried.map((kind) => kindsWord(kind, t)).join(t('attachments.listSeparator')),
      });
  }
}

/** "This image is passed to the model only this time…" for the kind on the chip (ledger 凍結 3). */
export function oneTurnText(kind: AttachmentKind, t: Translate): string {
  return t(`attachments.oneTurn.${kind}`);
}

/** "It will be reduced to 1568 px on the longest edge" with the sizes, or null when the image fits. */
export function reducedText(
  size: { width: number; height: number },
  reduced: { width: number; height: number } | null,
  t: Translate,
): string | null {
  if (reduced === null) return null;
  return t('attachments.reduced', {
    edge: ATTACHMENT_IMAGE_MAX_EDGE_PX,
    width: size.width,
    height: size.height,
    toWidth: reduced.width,
    toHeight: reduced.height,
  });
}

/** The frame in place of a file the startup GC removed (ledger 凍結 8), per kind. */
export function goneText(kind: AttachmentKind, t: Translate): string {
  return t(`attachments.gone.${kind}`);
}

/** The line under the input for the last file offered: a refusal, or a replacement it made. */
export function noticeText(notice: DraftNotice, servant: string, t: Translate): string {
  switch (notice.code) {
    case 'problem':
      return problemText(notice.problem, { fileName: notice.fileName, servant }, t);
    case 'unreadable':
      return t('attachments.problem.unreadable', { name: notice.fileName });
    case 'replaced':
      return t('attachments.replaced', { old: notice.old, new: notice.new });
    case 'onlyFirst':
      return t('attachments.onlyFirst', { name: notice.fileName });
    case 'sending':
      return t('attachments.whileSending', { name: notice.fileName });
  }
}

/** Whether the notice is a refusal (shown as an error) rather than a remark. */
export function noticeIsRefusal(notice: DraftNotice): boolean {
  return notice.code === 'problem' || notice.code === 'unreadable' || notice.code === 'sending';
}
