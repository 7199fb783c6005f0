import { computed, onBeforeUnmount, ref, shallowRef, type Ref } from 'vue';
import type { AttachmentKind } from '../../../../src/domain/attachment.ts';
import { detectAttachment, isAnimatedPng, isAnimatedWebp } from '../../../../src/domain/attachment-detect.ts';
import {
  attachmentFileName,
  carriesProblem,
  checkFile,
  pixelProblem,
  reducedSize,
  type DraftNotice,
} from '../../lib/attachment-check.ts';
import { encodeBase64, readHead, safeBlobType } from '../../lib/attachment-file.ts';
import type { Provider } from '../../lib/types.ts';

/** The file waiting in the input box for the next send (one per message). */
export interface PendingAttachment {
  fileName: string;
  kind: AttachmentKind;
  mimeType: string;
  byteLength: number;
  /** Images: an object URL of the person's own file for the thumbnail (revoked when it leaves). */
  previewUrl: string | null;
  /** The base64 text (as a Blob) a worker is encoding, started as soon as the file was taken. */
  base64: Promise<Blob>;
}

/**
 * The chat input's attachment: takes a pasted, dropped or picked file, checks it (kind by magic
 * bytes, the kind's size gate, whether the target's wire carries it) and holds it until it is sent.
 *
 * One attachment per message: a second file REPLACES the first, and a line says so. Replacing rather
 * than refusing because the usual reason for a second paste is a better screenshot; nothing is lost
 * that the person cannot paste again. A file that fails its checks replaces nothing.
 */
export function useAttachmentDraft(
  provider: Ref<Provider | null>,
  /** The base64 encoder (the worker); a test gives its own. */
  encode: (file: Blob) => Promise<Blob> = encodeBase64,
) {
  const pending = shallowRef<PendingAttachment | null>(null);
  const notice = ref<DraftNotice | null>(null);
  /** The stored size an image will be reduced to, once its thumbnail has told its pixels. */
  const imageSize = ref<{ width: number; height: number } | null>(null);
  const reading = ref(false);
  /** The browser has finished the base64 of the pending file (the send no longer waits on it). */
  const encoded = ref(false);
  /**
   * The file the server refused as INVALID_ATTACHMENT (damaged, cut short, animated…): sending the
   * same bytes again would be refused again, so Send stays off for it until it is removed or replaced.
   */
  const refused = shallowRef<PendingAttachment | null>(null);
  const isRefused = computed(() => pending.value !== null && refused.value === pending.value);
  let generation = 0;

  /** Whether the target's wire carries the pending kind (re-read when the target changes). */
  const wireProblem = computed(() =>
    pending.value ? carriesProblem(pending.value.kind, provider.value) : null,
  );
  const reduced = computed(() =>
    imageSize.value ? reducedSize(imageSize.value.width, imageSize.value.height) : null,
  );

  function drop(current: PendingAttachment | null) {
    if (current?.previewUrl) URL.revokeObjectURL(current.previewUrl);
  }

  /** `others`: how many more files the paste or drop carried (not taken). */
  async function take(file: File, others = 0): Promise<void> {
    const mine = ++generation;
    reading.value = true;
    try {
      const head = await readHead(file);
      if (mine !== generation) return;
      const detected = detectAttachment(head);
      // Animated GIFs are told only by decoding (the server's sharp `pages`); WebP and APNG by their bytes.
      const animated = detected?.kind === 'image' && (isAnimatedWebp(head) || isAnimatedPng(head));
      const checked = checkFile(detected, animated, file.size);
      const fileName = attachmentFileName(
        file.name,
        checked.ok ? checked.kind : 'image',
        detected?.mimeType ?? '',
      );
      if (!checked.ok) {
        notice.value = { code: 'problem', problem: checked.problem, fileName };
        return;
      }
      const base64 = encode(file);
      encoded.value = false;
      // Awaited by the send; a failure here must not surface as an unhandled rejection first.
      // A failed encode would fail every retry the same way: the chip goes, with the unreadable line.
      base64.then(
        () => pending.value?.base64 === base64 && (encoded.value = true),
        () => {
          if (pending.value?.base64 !== base64) return;
          remove();
          notice.value = { code: 'unreadable', fileName };
        },
      );
      const previous = pending.value;
      pending.value = {
        fileName,
        kind: checked.kind,
        mimeType: checked.mimeType,
        byteLength: file.size,
        // The browser types a File by its name (x.html, x.svg): the thumbnail's Blob gets the type its
        // bytes were checked as, from the allow-list, so it can never render as a page or a script.
        previewUrl:
          checked.kind === 'image'
            ? URL.createObjectURL(file.slice(0, file.size, safeBlobType('image', checked.mimeType)))
            : null,
        base64,
      };
      imageSize.value = null;
      drop(previous);
      notice.value = previous
        ? { code: 'replaced', old: previous.fileName, new: fileName }
        : others > 0
          ? { code: 'onlyFirst', fileName }
          : null;
    } catch {
      if (mine === generation) notice.value = { code: 'unreadable', fileName: file.name };
    } finally {
      if (mine === generation) reading.value = false;
    }
  }

  function remove(): void {
    generation++;
    reading.value = false;
    drop(pending.value);
    pending.value = null;
    refused.value = null;
    imageSize.value = null;
    notice.value = null;
    encoded.value = false;
  }

  /** The server refused `file` as not a file we take: mark its chip (only if it is still the one there). */
  function markRefused(file: object): void {
    if (pending.value !== null && pending.value === file) refused.value = pending.value;
  }

  /**
   * The thumbnail of `measuredFile` has told its pixels: the size the chip promises, or, over the
   * server's pixel ceiling, the chip goes with the refusal line (like a file over its size gate).
   */
  function measured(measuredFile: PendingAttachment, size: { width: number; height: number }): void {
    if (pending.value !== measuredFile) return;
    const problem = pixelProblem(size.width, size.height);
    if (!problem) {
      imageSize.value = size;
      return;
    }
    const fileName = measuredFile.fileName;
    remove();
    notice.value = { code: 'problem', problem, fileName };
  }

  /**
   * The chip's file went out with the message: the chip goes, but a line about ANOTHER file (one
   * refused while the send was under way, or refused by its own checks) stays, or the person would
   * never read it. Lines about the sent file itself (replaced, only the first) go with it.
   */
  function sent(): void {
    const kept = notice.value;
    remove();
    if (kept?.code === 'sending' || kept?.code === 'problem') notice.value = kept;
  }

  /**
   * The attachment of `send_user_message` for the file `current` (the one on the chip when the send
   * began, not whatever is there after the wait); throws when the browser could not read the file.
   */
  async function payload(
    current: PendingAttachment | null = pending.value,
  ): Promise<{ fileName: string; base64: Blob } | null> {
    if (!current) return null;
    return { fileName: current.fileName, base64: await current.base64 };
  }

  onBeforeUnmount(() => drop(pending.value));

  return {
    pending,
    notice,
    imageSize,
    reduced,
    reading,
    encoded,
    wireProblem,
    isRefused,
    take,
    measured,
    markRefused,
    remove,
    sent,
    payload,
  };
}
