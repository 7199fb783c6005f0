/**
 * Canonical system + messages to the Responses `input` (and `instructions`):
 * - system prompt: `stable + volatile` joined (no cache boundary can be marked here), placed where
 *   the wire says: the `instructions` field or a leading `system` message (providers differ);
 * - user text (attachments as input parts first, text last); assistant text as an assistant message;
 * - assistant tool calls -> `function_call` items (arguments as a JSON string) or, for a call decoded
 *   from a `custom_tool_call`, the same custom item with its `input` string;
 * - tool results -> `function_call_output` / `custom_tool_call_output` with a string `output`.
 *
 * Output items the decoder carried on the first ToolCall (encrypted reasoning and its neighbours) are
 * replayed verbatim, in their original order, each call item back in its place. They only exist inside the turn
 * that produced them: history stores `{sent, replied}` strings (turn-exits.ts `pushExchange`), so an
 * assistant message of an earlier turn never has tool calls and never carries them.
 */
import {
  systemText,
  type AttachmentData,
  type ChatMessage,
  type SystemPrompt,
  type ToolCall,
} from '../../canonical.ts';
import { audioFormat, pdfDataUrl, pdfFileName } from '../attachment-wire.ts';
import type { ResponsesInputItem, ResponsesInputPart } from './responses-api.ts';
import { responsesCallFacts } from './responses-tool-call-extra.ts';

export type SystemPlacement = 'instructions' | 'system_message';

export interface ResponsesInput {
  /** Set only with placement `instructions` and a non-empty system prompt. */
  instructions?: string;
  input: ResponsesInputItem[];
}

/**
 * One attachment as an input part. All four kinds have a part (ledger part 6 §7.6, Meta carries all
 * four); which kinds a provider takes is `carries()`, checked at the send entry before any encode
 * and again by encodeResponsesRequest, which leaves the others out (`withCarriedAttachments`).
 */
function attachmentPart(attachment: AttachmentData): ResponsesInputPart {
  const dataUrl = `data:${attachment.mimeType};base64,${attachment.data}`;
  switch (attachment.kind) {
    case 'image':
      return { type: 'input_image', image_url: dataUrl };
    case 'pdf':
      return {
        type: 'input_file',
        filename: pdfFileName(attachment),
        file_data: pdfDataUrl(attachment),
      };
    case 'audio':
      return {
        type: 'input_audio',
        input_audio: {
          data: attachment.data,
          format: audioFormat(attachment.mimeType),
        },
      };
    case 'video':
      return { type: 'input_video', video_url: dataUrl };
  }
}

function userContent(
  content: string,
  attachments: AttachmentData[] | undefined,
): string | ResponsesInputPart[] {
  if (attachments === undefined || attachments.length === 0) return content;
  return [...attachments.map(attachmentPart), { type: 'input_text', text: content }];
}

/** The custom tool's free-form input: what decode put in `arguments.input`. */
function customInput(call: ToolCall): string {
  const input = call.arguments.input;
  return typeof input === 'string' ? input : JSON.stringify(call.arguments);
}

function callItem(call: ToolCall): ResponsesInputItem {
  const facts = responsesCallFacts(call);
  const id = facts.itemId === undefined ? {} : { id: facts.itemId };
  if (facts.kind === 'custom') {
    return { type: 'custom_tool_call', ...id, call_id: call.id, name: call.name, input: customInput(call) };
  }
  return {
    type: 'function_call',
    ...id,
    call_id: call.id,
    name: call.name,
    arguments: JSON.stringify(call.arguments),
  };
}

/**
 * The assistant turn as input items. With carried items, each call goes back to its place among
 * them (`after`), so every replayed reasoning item is followed by the item it preceded in the output
 * (OpenAI refuses a reasoning item "without its required following item"); calls without a place
 * go last. Carried message items already hold the text (with their id and phase): it is not sent twice.
 */
function assistantItems(content: string, calls: ToolCall[]): ResponsesInputItem[] {
  const first = calls[0];
  if (first === undefined) return [{ role: 'assistant', content }];
  const carried = responsesCallFacts(first).carried ?? [];
  const textCarried = carried.some((item) => item.type === 'message');
  const text: ResponsesInputItem[] = content === '' || textCarried ? [] : [{ role: 'assistant', content }];
  const pending = [...calls];
  const items: ResponsesInputItem[] = [];
  carried.forEach((item, index) => {
    while (pending[0] !== undefined && (responsesCallFacts(pending[0]).after ?? Infinity) <= index) {
      items.push(callItem(pending.shift()!));
    }
    items.push(item);
  });
  return [...items, ...text, ...pending.map(callItem)];
}

export function convertToResponsesInput(
  system: SystemPrompt,
  messages: ChatMessage[],
  placement: SystemPlacement,
): ResponsesInput {
  const systemPrompt = systemText(system);
  const input: ResponsesInputItem[] = [];
  if (systemPrompt !== '' && placement === 'system_message')
    input.push({ role: 'system', content: systemPrompt });
  // Which call ids were custom tool calls, so their results go back as custom_tool_call_output.
  const customCallIds = new Set<string>();
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        input.push({ role: 'user', content: userContent(message.content, message.attachments) });
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        for (const call of calls) if (responsesCallFacts(call).kind === 'custom') customCallIds.add(call.id);
        input.push(...assistantItems(message.content, calls));
        break;
      }
      case 'tool':
        input.push({
          type: customCallIds.has(message.toolCallId) ? 'custom_tool_call_output' : 'function_call_output',
          call_id: message.toolCallId,
          output: message.content,
        });
        break;
    }
  }
  return systemPrompt !== '' && placement === 'instructions'
    ? { instructions: systemPrompt, input }
    : { input };
}
