/**
 * Canonical messages -> Anthropic `messages`.
 *
 * - Consecutive messages of the same wire role merge into one message, so roles alternate: tool
 *   results (a `user` turn on this wire) and the user message after them become one user message,
 *   tool_result blocks first.
 * - User blocks: attachments (images, then PDFs as documents, in their order) before the text.
 *   Audio and video are not carried by this wire and are skipped.
 * - Assistant blocks: the text (when not blank), then one tool_use per call with `input` as an object.
 * - A message left with no block gets the text 「（発言なし）」: this wire never sends a message with
 *   neither text nor tool calls (an empty one is a 400 that stops the agent).
 * - The messages breakpoint goes on the last block of the last message only, whatever its type.
 */
import type { AttachmentData, ChatMessage } from '../../canonical.ts';
import type { AnthropicMessage, AnthropicRequestBlock } from './anthropic-api.ts';
import { CACHE_CONTROL_1H, isBlank } from './anthropic-system.ts';

export const EMPTY_MESSAGE_TEXT = '（発言なし）';

function attachmentBlock(attachment: AttachmentData): AnthropicRequestBlock | null {
  switch (attachment.kind) {
    case 'image':
      return {
        type: 'image',
        source: { type: 'base64', media_type: attachment.mimeType, data: attachment.data },
      };
    case 'pdf':
      return {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: attachment.data },
      };
    case 'audio':
    case 'video':
      return null;
  }
}

function textBlocks(text: string): AnthropicRequestBlock[] {
  return isBlank(text) ? [] : [{ type: 'text', text }];
}

function blocksOf(message: ChatMessage): AnthropicRequestBlock[] {
  switch (message.role) {
    case 'user':
      return [
        ...(message.attachments ?? []).flatMap((attachment) => attachmentBlock(attachment) ?? []),
        ...textBlocks(message.content),
      ];
    case 'assistant':
      return [
        ...thinkingBlocksOf(message.toolCalls?.[0]?.extra),
        ...textBlocks(message.content),
        ...(message.toolCalls ?? []).map((call): AnthropicRequestBlock => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.arguments,
        })),
      ];
    case 'tool':
      return [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }];
  }
}

/** Only this adapter's own extra (`anthropicThinking`) is read back; others are ignored. */
function thinkingBlocksOf(extra: unknown): AnthropicRequestBlock[] {
  if (typeof extra !== 'object' || extra === null) return [];
  const blocks = (extra as { anthropicThinking?: unknown }).anthropicThinking;
  return Array.isArray(blocks) ? (blocks as AnthropicRequestBlock[]) : [];
}

function withBreakpoint(block: AnthropicRequestBlock): AnthropicRequestBlock {
  return { ...block, cache_control: CACHE_CONTROL_1H };
}

export function convertToAnthropicMessages(messages: ChatMessage[], breakpoint: boolean): AnthropicMessage[] {
  const wire: AnthropicMessage[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const last = wire.at(-1);
    if (last !== undefined && last.role === role) last.content.push(...blocksOf(message));
    else wire.push({ role, content: blocksOf(message) });
  }
  for (const message of wire) {
    if (message.content.length === 0) message.content.push({ type: 'text', text: EMPTY_MESSAGE_TEXT });
  }
  const lastMessage = wire.at(-1);
  if (breakpoint && lastMessage !== undefined) {
    const index = lastMessage.content.length - 1;
    const lastBlock = lastMessage.content[index];
    if (lastBlock !== undefined) lastMessage.content[index] = withBreakpoint(lastBlock);
  }
  return wire;
}
