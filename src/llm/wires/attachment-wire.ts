/** What the OpenAI-shaped wires (compat, Responses) say the same way about an attachment. */
import type { AttachmentData } from '../canonical.ts';

const WAV_MIME_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);
const DEFAULT_PDF_NAME = 'document.pdf';

/** `input_audio.format`: wav for the WAV mime types, else mp3. */
export function audioFormat(mimeType: string): 'mp3' | 'wav' {
  return WAV_MIME_TYPES.has(mimeType.toLowerCase()) ? 'wav' : 'mp3';
}

/** The file name a PDF goes with (a pasted PDF may have none). */
export function pdfFileName(attachment: AttachmentData): string {
  return attachment.fileName ?? DEFAULT_PDF_NAME;
}

export function pdfDataUrl(attachment: AttachmentData): string {
  return `data:application/pdf;base64,${attachment.data}`;
}
