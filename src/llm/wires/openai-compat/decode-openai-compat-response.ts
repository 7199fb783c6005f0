/**
 * A 2xx `/chat/completions` body to the canonical response. Reads `choices[0]` only (we never ask
 * for n > 1). Tool-call arguments are a JSON string, parsed here once; anything the server adds to a
 * call besides id / type / function / index is kept in `ToolCall.extra` for the next encode.
 */
import type { ChatResponse, ToolCall } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { countKind, parseArguments, rawOf } from '../decode-json.ts';
import { convertOpenAiCompatUsage } from './convert-openai-compat-usage.ts';
import { mapOpenAiCompatFinishReason } from './map-openai-compat-finish-reason.ts';
import {
  openAiCompatResponseSchema,
  type OpenAiCompatResponseMessage,
  type OpenAiCompatResponseToolCall,
} from './openai-compat-api.ts';

/** Keys of a response tool call that are the call itself (`index` is a streaming leftover). */
const CALL_KEYS = new Set(['id', 'type', 'function', 'index']);

function decodeToolCall(call: OpenAiCompatResponseToolCall, position: number): ToolCall {
  const name = call.function?.name ?? '';
  const args = call.function?.arguments;
  const extras = Object.entries(call).filter(([key]) => !CALL_KEYS.has(key));
  return {
    // A server that leaves the id out still needs one to pair the tool result with.
    id: call.id != null && call.id !== '' ? call.id : `call_${position}`,
    name,
    arguments: typeof args === 'string' ? parseArguments(args, name) : (args ?? {}),
    ...(extras.length > 0 ? { extra: Object.fromEntries(extras) } : {}),
  };
}

/** `content` is a string on nearly every server; an array keeps its text parts and counts the rest. */
function decodeText(message: OpenAiCompatResponseMessage, dropped: Record<string, number>): string {
  const content = message.content;
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    for (const part of content) {
      if (part.type === 'text' && part.text != null) text += part.text;
      else countKind(dropped, part.type);
    }
  }
  // A refusal comes with null content: show its words rather than an empty answer.
  if (text === '' && message.refusal != null && message.refusal !== '') return message.refusal;
  return text;
}

export function decodeOpenAiCompatResponse(body: unknown): ChatResponse {
  const parsed = openAiCompatResponseSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    throw new LlmError(
      { kind: 'parse', raw: rawOf(body) },
      `chat completion response has an unexpected shape at ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const choice = parsed.data.choices[0];
  const message = choice?.message ?? {};
  const dropped: Record<string, number> = {};
  const toolCalls: ToolCall[] = [];
  (message.tool_calls ?? []).forEach((call, position) => {
    if (call.type != null && call.type !== 'function') countKind(dropped, call.type);
    else toolCalls.push(decodeToolCall(call, position));
  });
  const reasoning = [message.reasoning_content, message.reasoning].find(
    (value) => value != null && value !== '',
  );
  return {
    text: decodeText(message, dropped),
    toolCalls,
    finish: mapOpenAiCompatFinishReason(choice?.finish_reason),
    usage: convertOpenAiCompatUsage(parsed.data.usage),
    reasoningSummary: reasoning ?? '',
    grounding: null,
    dropped,
    // Chat Completions has no reasoning items: a reasoning text present is the one item there is.
    reasoningItems: reasoning === undefined ? 0 : 1,
  };
}
