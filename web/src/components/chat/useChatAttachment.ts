import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue';
import { ApiError } from '../../lib/api.ts';
import { attachmentFileName } from '../../lib/attachment-check.ts';
import { fileCount, firstFile, isTextWithPicture } from '../../lib/attachment-file.ts';
import { refusalLine, type RefusedFile } from '../../lib/attachment-refusal.ts';
import { noticeIsRefusal, noticeText, problemText, type Translate } from '../../lib/attachment-wording.ts';
import type { ErrorPayload, Provider } from '../../lib/types.ts';
import { useAttachmentDraft } from './useAttachmentDraft.ts';

/**
 * The chat input's ways in for a file — paste, drop, the file button — and the lines it shows under
 * the box, around the draft (useAttachmentDraft.ts) that checks and holds the file.
 *
 * Drag and drop goes past the ledger on purpose: its desktop shell (Tauri) took every drop before the
 * page saw it (Spec 21 P0), which is the only reason it has none. This is a web UI, the browser hands
 * the drop to the page, and issue 20 asks for it.
 */
export function useChatAttachment(
  provider: Ref<Provider | null>,
  servant: Ref<string>,
  t: Translate,
  formatError: (payload: ErrorPayload) => string,
  options: {
    /** A send is under way: the chip it carries stays as it is until the send is over. */
    sending?: Ref<boolean>;
    /** The base64 encoder (the worker); a test gives its own. */
    encode?: (file: Blob) => Promise<Blob>;
    /** Whether a refusal also shows the core's own (English) words: the en village only. */
    showCoreWords?: () => boolean;
  } = {},
) {
  const sending = options.sending ?? ref(false);
  const showCoreWords = options.showCoreWords ?? (() => true);
  const draft = useAttachmentDraft(provider, options.encode);
  /** The core's own words for the last refusal (the line's tooltip in either language). */
  const sendErrorDetail = ref<string | null>(null);
  /** A refusal of the last send, shown under the box (the text and the chip stay for another try). */
  const sendError = ref<string | null>(null);
  const dragging = ref(false);

  const noticeLine = computed(() =>
    draft.notice.value ? noticeText(draft.notice.value, servant.value, t) : null,
  );
  const noticeIsError = computed(() => draft.notice.value !== null && noticeIsRefusal(draft.notice.value));
  const wireProblemLine = computed(() =>
    draft.wireProblem.value
      ? problemText(
          draft.wireProblem.value,
          { fileName: draft.pending.value?.fileName ?? '', servant: servant.value },
          t,
        )
      : null,
  );

  function take(file: File | null | undefined, count: number): void {
    if (!file) return;
    if (sending.value) {
      // Taking it would replace (or, once the send clears the chip, silently lose) the file being sent.
      draft.notice.value = { code: 'sending', fileName: attachmentFileName(file.name, 'image', file.type) };
      return;
    }
    sendError.value = null;
    void draft.take(file, count - 1);
  }
  function onPaste(event: ClipboardEvent) {
    // A paste with a file (a screenshot, a copied file) attaches it; a text paste stays a text paste.
    // Text copied from Office comes with a picture of itself: that is a text paste too.
    if (isTextWithPicture(event.clipboardData)) return;
    const file = firstFile(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    take(file, fileCount(event.clipboardData));
  }
  function hasFiles(event: DragEvent): boolean {
    return Array.from(event.dataTransfer?.types ?? []).includes('Files');
  }
  function onDragOver(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    dragging.value = true;
  }
  function onDragLeave(event: DragEvent) {
    const area = event.currentTarget as HTMLElement;
    if (!area.contains(event.relatedTarget as Node | null)) dragging.value = false;
  }
  function onDrop(event: DragEvent) {
    dragging.value = false;
    if (!hasFiles(event)) return;
    event.preventDefault();
    take(firstFile(event.dataTransfer), fileCount(event.dataTransfer));
  }
  function onPicked(input: HTMLInputElement) {
    take(input.files?.[0], input.files?.length ?? 0);
    // The same file can be picked again after it was removed.
    input.value = '';
  }
  function remove() {
    if (sending.value) return;
    draft.remove();
    sendError.value = null;
  }

  /**
   * The attachment refusals' messages are the core's English (they name a limit or a field): the
   * line is the village language's dictionary, matched from the core's words (attachment-refusal.ts);
   * the core's words follow in brackets in the en village and are the tooltip in either. Anything but
   * the server's answer is the browser failing to read the file (its own words, in its language, say
   * nothing useful): the unreadable line, once (the draft's own notice gives way).
   */
  function sendFailed(error: unknown, file: RefusedFile) {
    let reason: string;
    sendErrorDetail.value = null;
    if (!(error instanceof ApiError)) {
      reason = t('attachments.problem.unreadable', { name: file.fileName });
      if (draft.notice.value?.code === 'unreadable') draft.notice.value = null;
    } else if (error.code === 'INVALID_ATTACHMENT' || error.code === 'ATTACHMENT_NOT_CARRIED') {
      const core = error.payload.message;
      reason = refusalLine(core, file, t) ?? t(`errors.${error.code}`);
      if (showCoreWords()) reason = `${reason} (${core})`;
      sendErrorDetail.value = core;
      if (error.code === 'INVALID_ATTACHMENT') draft.markRefused(file);
    } else reason = formatError(error.payload);
    sendError.value = t('attachments.sendRefused', { reason });
  }

  /**
   * A file dropped anywhere else on the page would make the browser open it in place of the app (and
   * lose an unsent message): outside the chat pane a file drop does nothing. Other drags (the
   * servant list's) carry no files and are left alone.
   */
  function refuseStrayDrop(event: DragEvent) {
    if (hasFiles(event) && !event.defaultPrevented) {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    }
  }
  onMounted(() => {
    window.addEventListener('dragover', refuseStrayDrop);
    window.addEventListener('drop', refuseStrayDrop);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('dragover', refuseStrayDrop);
    window.removeEventListener('drop', refuseStrayDrop);
  });

  return {
    draft,
    sendError,
    sendErrorDetail,
    dragging,
    noticeLine,
    noticeIsError,
    wireProblemLine,
    onPaste,
    onDragOver,
    onDragLeave,
    onDrop,
    onPicked,
    remove,
    sendFailed,
  };
}
