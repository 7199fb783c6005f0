/** What the OpenAI-shaped wires (compat, Responses) say the same way about an attachment. */
import type { Provider } from '../../domain/enums.ts';
import type { AttachmentData, ChatMessage } from '../canonical.ts';
import { carries } from '../provider.ts';

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

/**
 * The messages with every attachment the provider's wire cannot carry (`carries()`) taken out, for
 * the Responses wires whose shared encoder has a part for all four kinds. The send entry refuses
 * such a message first (ATTACHMENT_NOT_CARRIED), so this only matters when a template is switched
 * between the send and the turn: the kind is then left out, as the Anthropic and compat encoders
 * leave it out, instead of a part the provider names in a 400 (ledger part 2 §2.9: OpenAI enumerates
 * its accepted parts, Perplexity names `input_audio`). A message without attachments is returned as it is.
 */
export function withCarriedAttachments(provider: Provider, messages: ChatMessage[]): ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== 'user' || message.attachments === undefined) return message;
    const carried = message.attachments.filter((attachment) => carries(provider, attachment.kind));
    return carried.length === message.attachments.length ? message : { ...message, attachments: carried };
  });
}
