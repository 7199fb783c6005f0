/**
 * The Anthropic message stream (`stream: true`) rebuilt into the whole Messages body, then read by the
 * wire's own `decodeAnthropicResponse`: the streamed reply decodes exactly as the same reply sent
 * whole (issue 23), with every decoder rule (usage, stop reason, dropped blocks, thinking items).
 *
 * Events: `message_start` (the message with empty content and its first usage), per block
 * `content_block_start` (the block; server tool results arrive whole here), `content_block_delta`
 * (`text_delta`, `input_json_delta`, `thinking_delta`, `signature_delta`, `citations_delta`),
 * `content_block_stop`, then `message_delta` (stop reason, cumulative usage), `message_stop`.
 * `ping` and unknown event or delta types are skipped (forward compatible); `error` is the provider's
 * error answer sent inside the stream.
 */
import type { ChatResponse } from '../../canonical.ts';
import type { LlmError } from '../../llm-error.ts';
import type { StreamAssembler, StreamDelta } from '../../stream/stream-delta.ts';
import { isJsonObject } from '../decode-json.ts';
import { anthropicUsageSchema } from './anthropic-api.ts';
import { convertAnthropicUsage } from './convert-anthropic-usage.ts';
import { decodeAnthropicResponse } from './decode-anthropic-response.ts';
import { anthropicStreamError, anthropicStreamParseError } from './stream-anthropic-error.ts';

type Json = Record<string, unknown>;

/** One content block being rebuilt, and what its deltas have shown so far. */
interface Block {
  body: Json;
  /** `input_json_delta` pieces: the tool input is their join, parsed once the stream ends. */
  json: string[];
  /** Position among the reply's `tool_use` blocks (the canonical tool call order); null for others. */
  callIndex: number | null;
  /** Whether any reasoning text of this block was shown (for the separator between blocks). */
  shownReasoning: boolean;
}

export class AnthropicStreamAssembler implements StreamAssembler {
  private message: Json | null = null;
  private readonly blocks = new Map<number, Block>();
  private calls = 0;
  private stopped = false;
  /** The first failure (error event, broken JSON, out-of-order event); everything after is ignored. */
  private failure: LlmError | null = null;
  private reasoningShown = false;
  private readonly sourcesShown = new Set<string>();

  push(event: { event: string; data: string }): StreamDelta[] {
    if (this.failure !== null || this.stopped) return [];
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      this.failure = anthropicStreamParseError(`a stream event is not JSON (${event.event})`, event.data);
      return [];
    }
    if (!isJsonObject(payload)) {
      this.failure = anthropicStreamParseError(
        `a stream event is not a JSON object (${event.event})`,
        event.data,
      );
      return [];
    }
    // The payload names its type as the SSE event does; a proxy that drops event names loses nothing.
    const type = typeof payload.type === 'string' ? payload.type : event.event;
    const out: StreamDelta[] = [];
    switch (type) {
      case 'message_start':
        this.start(payload, event.data, out);
        break;
      case 'content_block_start':
        this.blockStart(payload, event.data, out);
        break;
      case 'content_block_delta':
        this.blockDelta(payload, event.data, out);
        break;
      case 'content_block_stop':
        this.blockStop(payload, event.data, out);
        break;
      case 'message_delta':
        this.messageDelta(payload, event.data, out);
        break;
      case 'message_stop':
        if (this.message === null) this.outOfOrder('message_stop before message_start', event.data);
        else this.stopped = true;
        break;
      case 'error':
        this.failure = anthropicStreamError(event.data);
        break;
      default:
      // `ping` and types a newer API adds: nothing to rebuild.
    }
    return this.failure === null ? out : [];
  }

  finish(): ChatResponse {
    if (this.failure !== null) throw this.failure;
    if (this.message === null) throw anthropicStreamParseError('the stream ended before message_start', '');
    if (!this.stopped) {
      throw anthropicStreamParseError(
        'the stream ended before message_stop (cut)',
        JSON.stringify(this.message),
      );
    }
    return decodeAnthropicResponse(this.wholeBody());
  }

  /** The whole Messages body the events describe (tool inputs parsed); for finish() and tests. */
  wholeBody(): Json {
    const content: Json[] = [];
    for (const index of [...this.blocks.keys()].sort((a, b) => a - b)) {
      const block = this.blocks.get(index);
      if (block === undefined) continue;
      content.push(block.json.length === 0 ? block.body : { ...block.body, input: this.input(block) });
    }
    return { ...this.message, content };
  }

  private start(payload: Json, raw: string, out: StreamDelta[]): void {
    if (this.message !== null) return this.outOfOrder('a second message_start', raw);
    if (!isJsonObject(payload.message)) return this.outOfOrder('message_start without a message', raw);
    this.message = { ...payload.message };
    // A compatible server may start with content already in the message: kept as the first blocks.
    const initial = Array.isArray(payload.message.content) ? payload.message.content : [];
    initial.forEach((block, index) => {
      if (isJsonObject(block)) this.open(index, block, out);
    });
    this.usage(out);
  }

  private blockStart(payload: Json, raw: string, out: StreamDelta[]): void {
    const index = payload.index;
    if (this.message === null) return this.outOfOrder('content_block_start before message_start', raw);
    if (typeof index !== 'number' || !isJsonObject(payload.content_block))
      return this.outOfOrder('content_block_start without index or block', raw);
    if (this.blocks.has(index)) return this.outOfOrder(`content block ${index} started twice`, raw);
    this.open(index, payload.content_block, out);
  }

  /** Takes a block as it starts; what it already holds is shown as the first delta. */
  private open(index: number, start: Json, out: StreamDelta[]): void {
    const body: Json = { ...start };
    const block: Block = { body, json: [], callIndex: null, shownReasoning: false };
    this.blocks.set(index, block);
    switch (body.type) {
      case 'text':
        if (typeof body.text === 'string' && body.text !== '') out.push({ kind: 'text', text: body.text });
        if (Array.isArray(body.citations)) for (const c of body.citations) this.source(c, out);
        break;
      case 'thinking':
        if (typeof body.thinking === 'string') this.reasoning(block, body.thinking, out);
        break;
      case 'tool_use':
        block.callIndex = this.calls++;
        out.push({
          kind: 'tool-call',
          index: block.callIndex,
          ...(typeof body.id === 'string' ? { id: body.id } : {}),
          ...(typeof body.name === 'string' ? { name: body.name } : {}),
          arguments: '',
        });
        break;
      default:
    }
  }

  private blockDelta(payload: Json, raw: string, out: StreamDelta[]): void {
    const block = this.openBlock(payload, raw, 'content_block_delta');
    if (block === null || !isJsonObject(payload.delta)) return;
    const delta = payload.delta;
    const body = block.body;
    switch (delta.type) {
      case 'text_delta':
        if (typeof delta.text !== 'string') return;
        body.text = (typeof body.text === 'string' ? body.text : '') + delta.text;
        if (delta.text !== '') out.push({ kind: 'text', text: delta.text });
        break;
      case 'input_json_delta':
        if (typeof delta.partial_json !== 'string') return;
        block.json.push(delta.partial_json);
        if (block.callIndex !== null && delta.partial_json !== '')
          out.push({ kind: 'tool-call', index: block.callIndex, arguments: delta.partial_json });
        break;
      case 'thinking_delta':
        if (typeof delta.thinking !== 'string') return;
        body.thinking = (typeof body.thinking === 'string' ? body.thinking : '') + delta.thinking;
        this.reasoning(block, delta.thinking, out);
        break;
      case 'signature_delta':
        // The signature must go back verbatim with its thinking block in a tool loop.
        if (typeof delta.signature !== 'string') return;
        body.signature = (typeof body.signature === 'string' ? body.signature : '') + delta.signature;
        break;
      case 'citations_delta':
        body.citations = [...(Array.isArray(body.citations) ? body.citations : []), delta.citation];
        this.source(delta.citation, out);
        break;
      default:
      // A delta type a newer API adds: the whole block still comes from its start and known deltas.
    }
  }

  private blockStop(payload: Json, raw: string, out: StreamDelta[]): void {
    const block = this.openBlock(payload, raw, 'content_block_stop');
    if (block === null || block.callIndex === null) return;
    // A call without arguments streams only "" (or nothing): the pieces shown must still join to
    // JSON text, so the display gets the "{}" (or the start's input) the call will carry.
    if (block.json.join('') === '') {
      const input = isJsonObject(block.body.input) ? block.body.input : {};
      out.push({ kind: 'tool-call', index: block.callIndex, arguments: JSON.stringify(input) });
    }
  }

  private messageDelta(payload: Json, raw: string, out: StreamDelta[]): void {
    const message = this.message;
    if (message === null) return this.outOfOrder('message_delta before message_start', raw);
    if (isJsonObject(payload.delta)) Object.assign(message, payload.delta);
    // Fields beside `delta` and `usage` (e.g. `context_management`) belong to the message too.
    for (const [key, value] of Object.entries(payload)) {
      if (key !== 'type' && key !== 'delta' && key !== 'usage') message[key] = value;
    }
    if (isJsonObject(payload.usage)) {
      // The counts are cumulative and win over message_start's, input_tokens included where a
      // server sends it again; a null leaves the earlier count (a null would read as 0).
      const usage: Json = isJsonObject(message.usage) ? { ...message.usage } : {};
      for (const [key, value] of Object.entries(payload.usage)) {
        if (value !== null && value !== undefined) usage[key] = value;
      }
      message.usage = usage;
      this.usage(out);
    }
  }

  private openBlock(payload: Json, raw: string, what: string): Block | null {
    const index = payload.index;
    const block = typeof index === 'number' ? this.blocks.get(index) : undefined;
    if (block === undefined) {
      this.outOfOrder(`${what} for a block that never started`, raw);
      return null;
    }
    return block;
  }

  /** Reasoning text as the summary joins it: non-empty texts, a blank line between blocks. */
  private reasoning(block: Block, text: string, out: StreamDelta[]): void {
    if (text === '') return;
    const separator = this.reasoningShown && !block.shownReasoning ? '\n\n' : '';
    block.shownReasoning = true;
    this.reasoningShown = true;
    out.push({ kind: 'reasoning', text: separator + text });
  }

  /** A cited web page, once per URL. */
  private source(citation: unknown, out: StreamDelta[]): void {
    if (!isJsonObject(citation) || typeof citation.url !== 'string') return;
    if (this.sourcesShown.has(citation.url)) return;
    this.sourcesShown.add(citation.url);
    out.push({
      kind: 'source',
      url: citation.url,
      ...(typeof citation.title === 'string' ? { title: citation.title } : {}),
    });
  }

  private usage(out: StreamDelta[]): void {
    const parsed = anthropicUsageSchema.safeParse(this.message?.usage);
    if (parsed.success) out.push({ kind: 'usage', usage: convertAnthropicUsage(parsed.data) });
  }

  private input(block: Block): unknown {
    const text = block.json.join('');
    // Anthropic streams a call without arguments as "": the whole body says `input: {}`.
    if (text === '') return isJsonObject(block.body.input) ? block.body.input : {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw anthropicStreamParseError(
        `the streamed input of ${String(block.body.type)} ${String(block.body.name)} is not JSON`,
        text,
      );
    }
  }

  private outOfOrder(what: string, raw: string): void {
    this.failure = anthropicStreamParseError(`stream out of order: ${what}`, raw);
  }
}
