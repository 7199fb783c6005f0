/**
 * Reading a file the person attaches, without holding the page (issue 20: "the UI stays responsive
 * while a 10 MB file is read"). Nothing here loops over the whole file on the main thread: the kind is
 * read from the first bytes only (`File.slice`), the base64 is made in a worker and stays a Blob up to
 * the request body (`encodeBase64`, `sendUserMessageBody`), and decoding a stored file back to bytes
 * goes in slices that yield between them. The page's CSP (`connect-src 'self'`) forbids
 * `fetch('data:…')`, which would otherwise be the one-line decoder.
 */
import type { AttachmentKind } from '../../../src/domain/attachment.ts';

/** Enough for every magic the core reads (the longest is the WebP VP8X flags byte at offset 20). */
export const ATTACHMENT_HEAD_BYTES = 4096;

/** The first bytes of a file, for kind detection (the rest is never read for it). */
export async function readHead(file: Blob, bytes = ATTACHMENT_HEAD_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/** The file as standard padded base64 (what `send_user_message` decodes), encoded by the browser. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(base64OfDataUrl(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The file's base64 text as a Blob, encoded in a worker (attachment-encode.worker.ts). Where a worker
 * cannot start, the browser's own asynchronous FileReader does it instead (the encoding is still off
 * the main thread; only the string-to-Blob copy is not).
 */
export function encodeBase64(file: Blob): Promise<Blob> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./attachment-encode.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return readBase64(file).then((base64) => new Blob([base64], { type: 'text/plain' }));
  }
  return encodeInWorker(worker, file, readBase64);
}

/** The part of a Worker the encoding talks to. */
export type EncodeWorker = Pick<
  Worker,
  'postMessage' | 'terminate' | 'onmessage' | 'onerror' | 'onmessageerror'
>;

/**
 * One encode on `worker`. Every way it can end settles the promise, so a send never waits forever:
 * the answer, the worker's own failure (then `fallback`, the page's FileReader), and an answer the page
 * cannot deserialize (`messageerror`: rejected, the file is treated as unreadable).
 */
export function encodeInWorker(
  worker: EncodeWorker,
  file: Blob,
  fallback: (file: Blob) => Promise<string>,
): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ ok: true; base64: Blob } | { ok: false; error: string }>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.base64);
      else reject(new Error(event.data.error));
    };
    worker.onmessageerror = () => {
      worker.terminate();
      reject(new Error('the encoded file could not be passed back from the worker'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      fallback(file).then((base64) => resolve(new Blob([base64], { type: 'text/plain' })), reject);
    };
    worker.postMessage(file);
  });
}

/**
 * The `send_user_message` JSON body with the attachment's base64 spliced in as a Blob part: the same
 * bytes `JSON.stringify({to, content, attachment: {fileName, bytes}})` would give (base64 needs no
 * escaping), without ever making that 13 MB string on the main thread.
 */
export function sendUserMessageBody(
  to: string,
  content: string,
  attachment: { fileName: string; base64: Blob },
): Blob {
  const head = `{"to":${JSON.stringify(to)},"content":${JSON.stringify(content)},"attachment":{"fileName":${JSON.stringify(attachment.fileName)},"bytes":"`;
  return new Blob([head, attachment.base64, '"}}'], { type: 'application/json' });
}

/** `data:<mime>;base64,<payload>` -> payload; an empty file reads as `data:` with nothing after the comma. */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}

/** Base64 characters decoded per slice (a multiple of 4): about 0.75 MB of bytes, a few ms each. */
export const DECODE_SLICE_CHARS = 1 << 20;

/**
 * Base64 to a Blob of `mimeType`, a slice at a time, handing the main thread back between slices so a
 * 12 MB video does not freeze the page while it turns into a download.
 */
export async function base64ToBlob(
  base64: string,
  mimeType: string,
  sliceChars = DECODE_SLICE_CHARS,
  yieldToPage: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 0; at < base64.length; at += sliceChars) {
    const binary = atob(base64.slice(at, at + sliceChars));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    parts.push(bytes);
    if (at + sliceChars < base64.length) await yieldToPage();
  }
  return new Blob(parts, { type: mimeType });
}

/** The image types an <img> is ever given: the stored WebP, and what the person can paste before sending. */
const IMAGE_MIME_TYPES: ReadonlySet<string> = new Set(['image/webp', 'image/jpeg', 'image/png', 'image/gif']);
/** What the other kinds are stored as (src/domain/attachment.ts ATTACHMENT_EXTENSIONS). */
const FILE_MIME_TYPES: Record<Exclude<AttachmentKind, 'image'>, readonly string[]> = {
  audio: ['audio/mpeg', 'audio/wav'],
  video: ['video/mp4'],
  pdf: ['application/pdf'],
};

/**
 * The type a Blob of an attachment is given. Never anything a browser renders as a page: an image gets
 * its image type only when it is one of the four, another kind its own stored type, and anything else
 * (a missing or unexpected mime type) is plain bytes, which a browser only downloads.
 */
export function safeBlobType(kind: AttachmentKind, mimeType: string | null | undefined): string {
  const mime = (mimeType ?? '').toLowerCase();
  if (kind === 'image') return IMAGE_MIME_TYPES.has(mime) ? mime : 'application/octet-stream';
  return FILE_MIME_TYPES[kind].includes(mime) ? mime : 'application/octet-stream';
}

/** Whether an <img> may show this Blob type (only real image types; an octet-stream never). */
export function isShowableImageType(mimeType: string): boolean {
  return IMAGE_MIME_TYPES.has(mimeType);
}

/** The first file a paste or a drop carries (files win over text: a copied screenshot is a file). */
export function firstFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  if (data.files.length > 0) return data.files[0]!;
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === 'file') {
      const file = item.getAsFile();
      if (file) return file;
    }
  }
  return null;
}

/**
 * A paste from Office or a web page: text with its formatting (text/html or text/rtf) next to a
 * picture of it (Word and Excel put a PNG of the selection on the clipboard too). The person copied
 * text, so it pastes as text. A copied screenshot or image file has no plain text beside it.
 */
export function isTextWithPicture(data: DataTransfer | null): boolean {
  if (!data) return false;
  const types = Array.from(data.types ?? []);
  if (!types.includes('text/html') && !types.includes('text/rtf')) return false;
  return data.getData('text/plain') !== '';
}

/** How many files a paste or drop carries (the second and later are not taken: one per message). */
export function fileCount(data: DataTransfer | null): number {
  if (!data) return 0;
  if (data.files.length > 0) return data.files.length;
  return Array.from(data.items ?? []).filter((item) => item.kind === 'file').length;
}
