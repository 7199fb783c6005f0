/**
 * The OpenAI-compatible stream (`stream: true`): `data: {chat.completion.chunk}` events, then
 * `data: [DONE]`. Each chunk's `choices[0].delta` carries the next piece of `content`, `refusal`,
 * `reasoning_content` (DeepSeek, xAI) or `reasoning` (OpenRouter, vLLM, Ollama) and of `tool_calls`
 * (by `index`: id, type and name in the first piece, `function.arguments` in pieces);
 * `finish_reason` comes with the last delta, and `usage` in a last chunk with empty `choices`
 * (OpenAI, xAI, asked for with `stream_options.include_usage`) or on the finishing chunk (DeepSeek).
 *
 * The assembler rebuilds the whole `chat.completion` body the server would have sent without
 * `stream` and returns `decodeOpenAiCompatResponse` of it, so the final response follows every rule
 * of the whole decoder (refusal text, array content, dropped parts, tool-call extras, xAI's usage)
 * by construction. The deltas are for display only. Pure and synchronous.
 */
import type { ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import type { StreamAssembler, StreamDelta } from '../../stream/stream-delta.ts';
import { isJsonObject, rawOf } from '../decode-json.ts';
import type { WireStreaming } from '../wire.ts';
import { convertOpenAiCompatUsage } from './convert-openai-compat-usage.ts';
import { decodeOpenAiCompatResponse } from './decode-openai-compat-response.ts';
import { openAiCompatUsageSchema } from './openai-compat-api.ts';
import { isStreamError, streamErrorOf } from './stream-openai-compat-error.ts';

type Json = Record<string, unknown>;

/** The raw event kept on a parse error, capped like an error body. */
const RAW_KEEP_CHARS = 2_000;

/** Top-level chunk keys that are not the response's own (`obfuscation` pads OpenAI's chunks). */
const CHUNK_ONLY_KEYS = new Set(['choices', 'usage', 'object', 'obfuscation', 'error']);
/** Keys of a tool-call piece that are the call itself; the rest are provider extras. */
const CALL_KEYS = new Set(['index', 'id', 'type', 'function']);

interface CallState {
  id: string | null;
  type: string | null;
  name: string | null;
  args: string;
  /** Arguments some server sent as an object (the whole decoder accepts one too). */
  argsObject: Json | null;
  /** Provider extras on the pieces (Gemini's `extra_content.google.thought_signature`). */
  extras: Json;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export class OpenAiCompatStreamAssembler implements StreamAssembler {
  private meta: Json | null = null;
  private role: string | null = null;
  private choiceSeen = false;
  /** `content` as one string while every piece was a string; null when none arrived. */
  private content: string | null = null;
  /** `content` as parts once a server sent an array piece (Mistral-style). */
  private parts: Json[] | null = null;
  private refusal: string | null = null;
  private reasoningContent: string | null = null;
  private reasoning: string | null = null;
  private readonly calls = new Map<number, CallState>();
  private lastCallIndex: number | null = null;
  private finishReason: string | null = null;
  private usage: unknown = null;
  private usageSeen = false;
  private textShown = false;
  private sawDone = false;
  private events = 0;
  /** The first failure (an error event, a broken event); finish() throws it, push() ignores the rest. */
  private failure: LlmError | null = null;

  push(event: { event: string; data: string }): StreamDelta[] {
    if (this.failure !== null || this.sawDone) return [];
    this.events += 1;
    if (event.data.trim() === '[DONE]') {
      this.sawDone = true;
      return [];
    }
    let json: unknown;
    try {
      json = JSON.parse(event.data) as unknown;
    } catch {
      if (event.event === 'error') this.failure = streamErrorOf(event.data);
      else this.failure = this.broken(event.data, 'is not JSON');
      return [];
    }
    if (isStreamError(event.event, json)) {
      this.failure = streamErrorOf(event.data);
      return [];
    }
    if (!isJsonObject(json)) {
      this.failure = this.broken(event.data, 'is not a JSON object');
      return [];
    }
    return this.chunk(json);
  }

  finish(): ChatResponse {
    if (this.failure !== null) throw this.failure;
    const whole = this.whole();
    // Complete: `[DONE]` arrived, or the finish reason and the usage did (nothing the whole body
    // holds comes after them, so a server that leaves `[DONE]` out loses nothing). Past the ledger:
    // a stream cut before that must not be read as a whole answer.
    if (!this.sawDone && !(this.finishReason !== null && this.usageSeen)) {
      throw new LlmError(
        { kind: 'parse', raw: rawOf(whole) },
        `the chat completion stream ended before [DONE] (${this.events} events, ` +
          `${this.finishReason === null ? 'no finish reason' : 'no usage'})`,
      );
    }
    return decodeOpenAiCompatResponse(whole);
  }

  private broken(data: string, what: string): LlmError {
    return new LlmError(
      { kind: 'parse', raw: data.slice(0, RAW_KEEP_CHARS) },
      `a chat completion stream event ${what} (event ${this.events})`,
    );
  }

  private chunk(json: Json): StreamDelta[] {
    const deltas: StreamDelta[] = [];
    if (this.meta === null) {
      this.meta = Object.fromEntries(Object.entries(json).filter(([key]) => !CHUNK_ONLY_KEYS.has(key)));
    }
    if (json.usage !== undefined && json.usage !== null) {
      this.usage = json.usage;
      this.usageSeen = true;
      const parsed = openAiCompatUsageSchema.safeParse(json.usage);
      if (parsed.success) deltas.push({ kind: 'usage', usage: convertOpenAiCompatUsage(parsed.data) });
    }
    const choices = Array.isArray(json.choices) ? (json.choices as unknown[]) : [];
    // Only the first choice: we never ask for n > 1 (a server that omits `index` means 0).
    const choice = choices.find((c) => isJsonObject(c) && (c.index ?? 0) === 0);
    if (!isJsonObject(choice)) return deltas;
    this.choiceSeen = true;
    const finish = text(choice.finish_reason);
    if (finish !== null) this.finishReason = finish;
    const delta = choice.delta;
    if (!isJsonObject(delta)) return deltas;
    this.role ??= text(delta.role);
    this.readContent(delta.content, deltas);
    this.readRefusal(text(delta.refusal), deltas);
    this.readReasoning(text(delta.reasoning_content), text(delta.reasoning), deltas);
    if (Array.isArray(delta.tool_calls)) {
      for (const piece of delta.tool_calls as unknown[])
        if (isJsonObject(piece)) this.readCall(piece, deltas);
    }
    return deltas;
  }

  private showText(piece: string, deltas: StreamDelta[]): void {
    if (piece === '') return;
    this.textShown = true;
    deltas.push({ kind: 'text', text: piece });
  }

  private readContent(value: unknown, deltas: StreamDelta[]): void {
    if (typeof value === 'string') {
      if (this.parts === null) this.content = (this.content ?? '') + value;
      else this.addPart({ type: 'text', text: value });
      this.showText(value, deltas);
    } else if (Array.isArray(value)) {
      if (this.parts === null) {
        this.parts =
          this.content === null || this.content === '' ? [] : [{ type: 'text', text: this.content }];
      }
      for (const part of value as unknown[]) {
        if (!isJsonObject(part) || typeof part.type !== 'string') continue;
        this.addPart(part);
        if (part.type === 'text' && typeof part.text === 'string') this.showText(part.text, deltas);
      }
    }
  }

  /**
   * A streamed part continues the last one of its type: text pieces join, and a non-text part
   * (a thinking block sent piece by piece) stays one block, as the whole body has it, so the
   * decoder's `dropped` count is the same.
   */
  private addPart(part: Json): void {
    const parts = this.parts ?? [];
    this.parts = parts;
    const last = parts.at(-1);
    if (last !== undefined && last.type === part.type) {
      if (part.type === 'text') last.text = `${text(last.text) ?? ''}${text(part.text) ?? ''}`;
      return;
    }
    parts.push(part.type === 'text' ? { type: 'text', text: text(part.text) ?? '' } : { ...part });
  }

  /**
   * A refusal is shown as the answer while no content text came, as the whole decoder shows it
   * (content text after a refusal, which no server sends, would make the final differ from it).
   */
  private readRefusal(piece: string | null, deltas: StreamDelta[]): void {
    if (piece === null) return;
    this.refusal = (this.refusal ?? '') + piece;
    if (!this.textShown && piece !== '') deltas.push({ kind: 'text', text: piece });
  }

  /**
   * The whole decoder takes `reasoning_content`, else `reasoning`; some servers send both with the
   * same words, so `reasoning` is shown only while no `reasoning_content` text came.
   */
  private readReasoning(content: string | null, other: string | null, deltas: StreamDelta[]): void {
    if (content !== null) {
      this.reasoningContent = (this.reasoningContent ?? '') + content;
      if (content !== '') deltas.push({ kind: 'reasoning', text: content });
    }
    if (other !== null) {
      this.reasoning = (this.reasoning ?? '') + other;
      const contentShown = this.reasoningContent !== null && this.reasoningContent !== '';
      if (other !== '' && !contentShown) deltas.push({ kind: 'reasoning', text: other });
    }
  }

  /**
   * The call a piece belongs to: its `index`; a server that leaves `index` out starts a new call
   * with a new id and continues the last one otherwise.
   */
  private callIndex(piece: Json): number {
    if (typeof piece.index === 'number' && Number.isInteger(piece.index)) return piece.index;
    const id = text(piece.id);
    const last = this.lastCallIndex === null ? undefined : this.calls.get(this.lastCallIndex);
    if (last !== undefined && this.lastCallIndex !== null && (id === null || id === '' || id === last.id)) {
      return this.lastCallIndex;
    }
    return this.calls.size === 0 ? 0 : Math.max(...this.calls.keys()) + 1;
  }

  private readCall(piece: Json, deltas: StreamDelta[]): void {
    const index = this.callIndex(piece);
    this.lastCallIndex = index;
    let call = this.calls.get(index);
    if (call === undefined) {
      call = { id: null, type: null, name: null, args: '', argsObject: null, extras: {} };
      this.calls.set(index, call);
    }
    const delta: StreamDelta & { kind: 'tool-call' } = { kind: 'tool-call', index, arguments: '' };
    const id = text(piece.id);
    if (call.id === null && id !== null && id !== '') {
      call.id = id;
      delta.id = id;
    }
    call.type ??= text(piece.type);
    const fn = isJsonObject(piece.function) ? piece.function : {};
    const name = text(fn.name);
    if (call.name === null && name !== null && name !== '') {
      call.name = name;
      delta.name = name;
    }
    if (typeof fn.arguments === 'string') {
      call.args += fn.arguments;
      delta.arguments = fn.arguments;
    } else if (isJsonObject(fn.arguments)) {
      call.argsObject = fn.arguments;
      delta.arguments = JSON.stringify(fn.arguments);
    }
    for (const [key, value] of Object.entries(piece)) if (!CALL_KEYS.has(key)) call.extras[key] = value;
    if (delta.id !== undefined || delta.name !== undefined || delta.arguments !== '') deltas.push(delta);
  }

  /** The `chat.completion` body the same reply has without `stream`. */
  private whole(): Json {
    const message: Json = { role: this.role ?? 'assistant', content: this.parts ?? this.content };
    if (this.refusal !== null) message.refusal = this.refusal;
    if (this.reasoningContent !== null) message.reasoning_content = this.reasoningContent;
    if (this.reasoning !== null) message.reasoning = this.reasoning;
    if (this.calls.size > 0) {
      message.tool_calls = [...this.calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, call]) => ({
          ...(call.id === null ? {} : { id: call.id }),
          ...(call.type === null ? {} : { type: call.type }),
          function: { name: call.name ?? '', arguments: call.argsObject ?? call.args },
          ...call.extras,
        }));
    }
    return {
      ...this.meta,
      object: 'chat.completion',
      choices: this.choiceSeen ? [{ index: 0, message, finish_reason: this.finishReason }] : [],
      usage: this.usage,
    };
  }
}

/**
 * How this wire streams: the same URL, `stream: true`, and `stream_options.include_usage` so that
 * OpenAI and xAI send the usage at all (without it a streamed reply has none, and the budget would
 * commit nothing). A few servers refuse the field (Mistral answers 422, older Ollama and some
 * gateways 400): the client's one fallback to the whole call covers them.
 */
export const openAiCompatStreaming: WireStreaming = {
  body: (encoded) => ({
    ...(isJsonObject(encoded) ? encoded : {}),
    stream: true,
    stream_options: { include_usage: true },
  }),
  assembler: () => new OpenAiCompatStreamAssembler(),
};
