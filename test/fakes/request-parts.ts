/**
 * Reading what a recorded request says in its last user message, on every wire: the text and the
 * attachment parts. Since attachments exist, a user message's content may be an array of parts with
 * the attachments first and the text last (compat, Anthropic, the Responses wires) or a `parts` list
 * (Gemini), so "the last user text" is no longer simply `content`.
 *
 * Works on the raw JSON body by wire kind, the way the fake provider sees it (by path); the wire
 * contract test (src/llm/wires/attachments.contract.test.ts) reads encoded bodies with it too.
 */
import type { RecordedRequest } from './fake-provider.ts';
import { wireOfPath, type WireKind } from './wire-of-path.ts';

/** One part of a user message as sent, loosely typed for assertions. */
export type SentPart = Record<string, unknown>;

export interface LastUserMessage {
  /** The text parts joined with a line break ('' when there is none). */
  text: string;
  /** Every part that is not text (images, documents, audio, video, files), in order. */
  attachments: SentPart[];
  /** Every part as sent, in order (a plain string content is one text part). */
  parts: SentPart[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The content of the last item with role `user` (compat `messages`, Anthropic `messages`, Responses `input`). */
function lastUserContent(items: unknown[]): unknown {
  const last = items.filter((item) => isRecord(item) && item.role === 'user').at(-1);
  return isRecord(last) ? last.content : undefined;
}

/** The last Gemini `user` content that is not only tool results (those are `user` on that wire too). */
function lastGeminiUserParts(body: Record<string, unknown>): SentPart[] {
  const spoken = listOf(body.contents)
    .filter(isRecord)
    .filter((content) => content.role === 'user')
    .map((content) => listOf(content.parts).filter(isRecord))
    .filter((parts) => parts.some((part) => !('functionResponse' in part)));
  return (spoken.at(-1) ?? []).filter((part) => !('functionResponse' in part));
}

function partsOf(wire: WireKind, body: Record<string, unknown>): SentPart[] {
  if (wire === 'gemini') return lastGeminiUserParts(body);
  const content = lastUserContent(listOf(wire === 'responses' ? body.input : body.messages));
  if (typeof content === 'string')
    return [{ type: wire === 'responses' ? 'input_text' : 'text', text: content }];
  // Anthropic: the user turn also holds tool_result blocks (merged turns); they are not what was said.
  return listOf(content)
    .filter(isRecord)
    .filter((part) => part.type !== 'tool_result');
}

/** Whether a part is text on its wire: `{type:'text'}`, `{type:'input_text'}`, or Gemini's `{text}`. */
export function isTextPart(part: SentPart): boolean {
  return part.type === 'text' || part.type === 'input_text' || (part.type === undefined && 'text' in part);
}

/** The last user message of a request body on the given wire. */
export function lastUserMessageOf(wire: WireKind, body: unknown): LastUserMessage {
  const parts = isRecord(body) ? partsOf(wire, body) : [];
  const texts = parts.filter(isTextPart).map((part) => String(part.text));
  return { text: texts.join('\n'), attachments: parts.filter((part) => !isTextPart(part)), parts };
}

/** The last user message of a request the fake provider recorded (its wire read from the path). */
export function lastUserMessage(request: RecordedRequest): LastUserMessage {
  return lastUserMessageOf(wireOfPath(request.path), request.body);
}

/** The attachment parts of the last user message of a recorded request. */
export function lastUserAttachmentParts(request: RecordedRequest): SentPart[] {
  return lastUserMessage(request).attachments;
}

/** The last user text of a recorded request, found after any attachment parts. */
export function lastUserText(request: RecordedRequest): string {
  return lastUserMessage(request).text;
}
