/**
 * After a fork, the request's file goes back into the chat input as a chip, like its text: the
 * stored file is fetched with `read_attachment` and handed to the input as a picked file. A file the
 * startup GC removed cannot come back; the caller says so in its toast.
 */
import { fetchAttachment } from './attachment-store.ts';
import type { Api } from './api.ts';
import type { AttachmentRef } from './types.ts';

/** The chat input's file picker (ChatInput.vue): its `change` is the input's own "picked a file" entry. */
const PICKER_SELECTOR = 'input[type="file"][data-testid="attachment-input"]';

export type ForkFileOutcome = 'restored' | 'gone' | 'no-input';

/** The stored bytes as a File under the name the person sent (images are the stored WebP). */
export function forkFileOf(blob: Blob, ref: AttachmentRef): File {
  return new File([blob], ref.fileName, { type: blob.type });
}

/**
 * Gives the file to the chat input exactly as the file button does (the picker's `change`), so the
 * same checks run (kind, size, what the target's wire carries) and the same chip appears. Done on the
 * DOM rather than through the input's composable: the chat input keeps its attachment state inside
 * the component and offers no other entry. False when no chat input is on the page.
 */
export function handToChatInput(file: File, root: ParentNode = document): boolean {
  const picker = root.querySelector<HTMLInputElement>(PICKER_SELECTOR);
  if (picker === null) return false;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  picker.files = transfer.files;
  picker.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** Fetches the fork point's file and puts it back into the chat input; other failures are thrown. */
export async function restoreForkFile(
  api: Api,
  ref: AttachmentRef,
  hand: (file: File) => boolean = handToChatInput,
): Promise<ForkFileOutcome> {
  const loaded = await fetchAttachment(api, ref.id, ref.kind);
  if (loaded.state === 'gone') return 'gone';
  return hand(forkFileOf(loaded.blob, ref)) ? 'restored' : 'no-input';
}
