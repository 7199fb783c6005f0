/**
 * Canonical system + messages to the compat `messages` array. The system prompt cannot mark a cache
 * boundary here, so it goes as one `system` message (`stable + volatile`), first, when non-empty.
 */
import {
  systemText,
  type AttachmentData,
  type ChatMessage,
  type SystemPrompt,
  type ToolCall,
} from '../../canonical.ts';
import { audioFormat, pdfDataUrl, pdfFileName } from '../attachment-wire.ts';
import type { OpenAiCompatMessage, OpenAiCompatToolCall, OpenAiCompatUserPart } from './openai-compat-api.ts';

/**
 * One attachment as a content part, or null for a kind this wire does not carry (video:
 * `carries(open_ai_compat, video)` is false, so the send entry has already refused it).
 */
function attachmentPart(attachment: AttachmentData): OpenAiCompatUserPart | null {
  switch (attachment.kind) {
    case 'image':
      return {
        type: 'image_url',
        image_url: { url: `data:${attachment.mimeType};base64,${attachment.data}` },
      };
    case 'audio':
      return {
        type: 'input_audio',
        input_audio: {
          data: attachment.data,
          format: audioFormat(attachment.mimeType),
        },
      };
    case 'pdf':
      return {
        type: 'file',
        file: {
          filename: pdfFileName(attachment),
          file_data: pdfDataUrl(attachment),
        },
      };
    case 'video':
      return null;
  }
}

/**
 * Plain string content unless an attachment is carried; then attachments first, text last. A message
 * without (carried) attachments serialises exactly as before attachments existed.
 */
function userContent(
  content: string,
  attachments: AttachmentData[] | undefined,
): string | OpenAiCompatUserPart[] {
  const parts = (attachments ?? []).map(attachmentPart).filter((part) => part !== null);
  if (parts.length === 0) return content;
  return [...parts, { type: 'text', text: content }];
}

/** Keys the call object owns; an `extra` never overrides them. */
const CALL_KEYS = new Set(['id', 'type', 'function']);

/** Extras this wire writes (and so reads back); another adapter's extra never leaks onto the wire. */
const OWN_EXTRA_KEYS = new Set(['extra_content']);

/** The provider extras to spread back: this wire's own keys only, or none. */
function extraFields(extra: unknown): Record<string, unknown> {
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) return {};
  return Object.fromEntries(
    Object.entries(extra).filter(([key]) => !CALL_KEYS.has(key) && OWN_EXTRA_KEYS.has(key)),
  );
}

/**
 * Arguments go back as a JSON string; `extra` (what decode kept, e.g. `extra_content`) is spread
 * back onto the call, in place. Absent extra adds no key at all (never a null).
 */
export function toOpenAiCompatToolCall(call: ToolCall): OpenAiCompatToolCall {
  const extra = extraFields(call.extra);
  return {
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    ...extra,
  };
}

function convertMessage(message: ChatMessage): OpenAiCompatMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: userContent(message.content, message.attachments) };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        // An empty text beside tool calls is sent as null, as OpenAI itself returns it.
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map(toOpenAiCompatToolCall),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

export function convertToOpenAiCompatMessages(
  system: SystemPrompt,
  messages: ChatMessage[],
): OpenAiCompatMessage[] {
  const text = systemText(system);
  const head: OpenAiCompatMessage[] = text === '' ? [] : [{ role: 'system', content: text }];
  return [...head, ...messages.map(convertMessage)];
}
