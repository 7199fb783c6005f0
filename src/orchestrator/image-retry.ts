/**
 * The JPEG fallback (ledger part 2, attachment freeze 4 / Spec 23 D3): an OpenAI-compatible endpoint
 * that answers HTTP 400 to a call carrying an image gets ONE more try with the images re-encoded as
 * JPEG (local servers such as llama.cpp or vLLM were never measured with WebP). The re-encoded bytes
 * replace the WebP on the turn's user message, so the later calls of the turn send JPEG straight
 * away. If the JPEG is refused too, the turn fails with a clear "this endpoint does not accept images"
 * instead of the provider's bare 400 (never silently dropped). Other wires never retry: every one of
 * them was measured to take WebP, and their 400s mean something else.
 */
import type { Language, Provider } from '../domain/enums.ts';
import { CoreError } from '../domain/errors.ts';
import type { ChatMessage, ChatResponse } from '../llm/canonical.ts';
import { isLlmError, type LlmError } from '../llm/llm-error.ts';
import type { AttachmentPort } from './attachment-port.ts';

export type UserChatMessage = Extract<ChatMessage, { role: 'user' }>;

/** One turn's retry state: the turn's user message (shared by all its calls) and whether it was spent. */
export interface ImageRetryState {
  userMessage: UserChatMessage;
  retried: boolean;
}

export const IMAGES_REFUSED: Record<Language, string> = {
  ja: 'この接続先は画像を受け付けません',
  en: 'This endpoint does not accept images',
};

function isBadRequest(error: unknown): error is LlmError {
  return isLlmError(error) && error.info.kind === 'api' && error.info.status === 400;
}

function hasImageToReencode(message: UserChatMessage): boolean {
  return (message.attachments ?? []).some((a) => a.kind === 'image' && a.mimeType !== 'image/jpeg');
}

/**
 * Runs `send` (one model call over the turn's messages); on the first image 400 of an
 * OpenAI-compatible turn, re-encodes and sends once more. Any other failure passes through as is.
 */
export async function chatWithImageRetry(
  send: () => Promise<ChatResponse>,
  context: {
    provider: Provider;
    state: ImageRetryState;
    port: Pick<AttachmentPort, 'reencodeAsJpeg'>;
    language: Language;
    agentId: string;
  },
): Promise<ChatResponse> {
  const { state } = context;
  try {
    return await send();
  } catch (error) {
    const eligible =
      context.provider === 'open_ai_compat' &&
      !state.retried &&
      isBadRequest(error) &&
      hasImageToReencode(state.userMessage);
    if (!eligible) throw error;
    state.retried = true;
    const attachments = state.userMessage.attachments ?? [];
    state.userMessage.attachments = await Promise.all(
      attachments.map((a) => (a.kind === 'image' ? context.port.reencodeAsJpeg(a) : a)),
    );
  }
  try {
    return await send();
  } catch (error) {
    if (!isBadRequest(error)) throw error;
    // Not fatal: the endpoint still takes text, so the servant stays running for the next message.
    const provider = error.toCoreError(context.agentId);
    throw new CoreError('LLM_API', IMAGES_REFUSED[context.language], {
      detail: [provider.detail, error.message].filter((x) => x).join(': '),
      agentId: context.agentId,
      retryable: false,
    });
  }
}
