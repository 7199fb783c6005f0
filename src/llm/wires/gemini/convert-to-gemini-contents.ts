/**
 * Canonical history -> Gemini `contents`. Roles are only `user` / `model`; the system prompt never
 * goes here (it is `systemInstruction`). Tool results are `functionResponse` parts of a `user`
 * message, and consecutive messages of one role are merged so user / model always alternate.
 */
import type { AttachmentData, ChatMessage, ToolCall } from '../../canonical.ts';

export type GeminiRequestPart =
  | { text: string }
  | { inlineData: { mimeType: string; data: string } }
  | { functionCall: { name: string; args: Record<string, unknown> }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: { content: string } } };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiRequestPart[];
}

/** What this adapter stores in `ToolCall.extra`: the signature Gemini needs back in place. */
export interface GeminiToolCallExtra {
  thoughtSignature: string;
}

export function thoughtSignatureOf(call: ToolCall): string | undefined {
  const extra = call.extra;
  if (typeof extra !== 'object' || extra === null) return undefined;
  const signature = (extra as Partial<GeminiToolCallExtra>).thoughtSignature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}

function inlineDataPart(attachment: AttachmentData): GeminiRequestPart {
  return { inlineData: { mimeType: attachment.mimeType, data: attachment.data } };
}

/** Attachments first (images before text, ledger part 2 §2.8), then the text. */
function userParts(content: string, attachments: AttachmentData[] | undefined): GeminiRequestPart[] {
  const parts = (attachments ?? []).map(inlineDataPart);
  // Gemini rejects an empty text part: an empty message with nothing else says so in words.
  if (content !== '') parts.push({ text: content });
  else if (parts.length === 0) parts.push({ text: '（発言なし）' });
  return parts;
}

/**
 * `{text}` when non-empty, then one `functionCall` part per call with its `thoughtSignature`
 * returned verbatim in place (omitted when absent, never null: a stripped signature is a 400).
 */
function modelParts(content: string, toolCalls: ToolCall[] | undefined): GeminiRequestPart[] {
  const parts: GeminiRequestPart[] = content === '' ? [] : [{ text: content }];
  for (const call of toolCalls ?? []) {
    const signature = thoughtSignatureOf(call);
    const part: GeminiRequestPart = { functionCall: { name: call.name, args: call.arguments } };
    parts.push(signature === undefined ? part : { ...part, thoughtSignature: signature });
  }
  return parts;
}

/** A tool result travels as `{functionResponse: {name, response: {content: <result text>}}}`. */
function toolResultPart(name: string, content: string): GeminiRequestPart {
  return { functionResponse: { name, response: { content } } };
}

function partsOf(message: ChatMessage): { role: GeminiContent['role']; parts: GeminiRequestPart[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', parts: userParts(message.content, message.attachments) };
    case 'assistant':
      return { role: 'model', parts: modelParts(message.content, message.toolCalls) };
    case 'tool':
      return { role: 'user', parts: [toolResultPart(message.toolName, message.content)] };
  }
}

export function convertToGeminiContents(messages: ChatMessage[]): GeminiContent[] {
  const contents: GeminiContent[] = [];
  for (const message of messages) {
    const { role, parts } = partsOf(message);
    // A model message with neither text nor calls has nothing to send; dropping it lets its
    // neighbours merge instead of sending an empty `parts` array (a 400).
    if (parts.length === 0) continue;
    const last = contents[contents.length - 1];
    if (last !== undefined && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  return contents;
}
