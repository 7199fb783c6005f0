/**
 * The room log shows that a message had attachments, never their content (ledger part 2, attachment
 * freeze 6 / Spec 23 D7: 「（画像 1 枚）」), in the excerpt and in the `room_log` pull alike. Spec 36
 * generalised attachments to audio, video and PDF; their words follow the same form.
 */
import type { Language } from '../../domain/enums.ts';
import type { AttachmentRef } from '../../domain/message.ts';

type Kind = AttachmentRef['kind'];
const KINDS: readonly Kind[] = ['image', 'audio', 'video', 'pdf'];

const JA: Record<Kind, (n: number) => string> = {
  image: (n) => `画像 ${n} 枚`,
  audio: (n) => `音声 ${n} 件`,
  video: (n) => `動画 ${n} 件`,
  pdf: (n) => `PDF ${n} 件`,
};

const EN: Record<Kind, (n: number) => string> = {
  image: (n) => (n === 1 ? '1 image' : `${n} images`),
  audio: (n) => (n === 1 ? '1 audio file' : `${n} audio files`),
  video: (n) => (n === 1 ? '1 video' : `${n} videos`),
  pdf: (n) => (n === 1 ? '1 PDF' : `${n} PDFs`),
};

/** 「画像 1 枚」 / "1 image": the words for `count` attachments of one kind (shared with the marker lines). */
export function kindCount(kind: Kind, count: number, language: Language): string {
  return (language === 'ja' ? JA : EN)[kind](count);
}

/** The kinds present and their counts, in the fixed kind order. */
export function kindCounts(attachments: readonly AttachmentRef[]): [Kind, number][] {
  return KINDS.map(
    (kind) => [kind, attachments.filter((a) => a.kind === kind).length] as [Kind, number],
  ).filter(([, count]) => count > 0);
}

/** 「（画像 1 枚）」 / "(1 image)"; "" when the message has no attachment. */
export function attachmentNote(
  attachments: readonly AttachmentRef[] | undefined,
  language: Language,
): string {
  if (!attachments || attachments.length === 0) return '';
  const parts = kindCounts(attachments).map(([kind, count]) => kindCount(kind, count, language));
  return language === 'ja' ? `（${parts.join('・')}）` : `(${parts.join(', ')})`;
}
