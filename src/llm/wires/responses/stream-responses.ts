/**
 * The Responses event stream (`stream: true` on `POST /responses`), shared by the four Responses
 * wires: each event is one SSE event whose JSON payload names itself by `type`. The final response
 * is NOT assembled from the deltas: `response.completed` (or `response.incomplete`, a reply cut by
 * the output limit) carries the whole response object, and that object goes through the wire's own
 * `decode`, so `finish()` is what the whole (non-streaming) path gives for the same reply, by
 * construction: usage, finish reason, grounding, notes, dropped kinds and replayed items included.
 *
 * Deltas, for display only, as events arrive:
 * - `response.output_text.delta` -> text; `response.reasoning_summary_text.delta` -> reasoning;
 * - `response.output_item.added` of a call kind -> tool-call (index, id = call_id, name), then
 *   `response.function_call_arguments.delta` / `response.custom_tool_call_input.delta` -> its pieces;
 * - `response.output_text.annotation.added` with a URL -> source (each URL once);
 * - the final response's usage (as the wire decodes it) -> usage.
 *
 * A `.done` event (output text, summary text, arguments) adds what its whole text has beyond the
 * pieces shown, so the display ends on the reply's own text (see `rest`).
 *
 * Failures: an `error` event or `response.failed` -> the wire's Api error (responses-stream-error.ts);
 * an event whose JSON is broken, or a stream that ends without a final event -> LlmError('parse').
 * Output items that arrived whole (`output_item.done`) never stand in for a missing final event:
 * a stream cut before `response.completed` is a cut stream, whatever it showed (they only fill a
 * final response that came with an empty `output`, see `withItems`). Every other event type
 * (created, in_progress, content_part.*, web_search_call.*, refusal deltas, a new one) adds nothing:
 * a refusal is shown when the final response arrives.
 */
import type { ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { BACKEND_NAMES } from '../../provider.ts';
import type { StreamAssembler, StreamDelta } from '../../stream/stream-delta.ts';
import type { ErrorSignal, WireContext, WireStreaming } from '../wire.ts';
import { streamError, streamErrorBody, type StreamErrorReader } from './responses-stream-error.ts';

/** How much of a broken event is kept for diagnosis (as decoders keep a raw body). */
const RAW_KEEP_CHARS = 2000;

export interface ResponsesStreamOptions {
  /** The wire's whole-body decode: what `finish()` returns for the final response object. */
  decode(body: unknown, context: WireContext): ChatResponse;
  errorSignal(body: string): ErrorSignal;
  billingAware: boolean;
  /**
   * The output kinds that become the caller's ToolCalls on this wire, shown as tool-call deltas.
   * Default function_call and custom_tool_call; xAI's custom_tool_call is its own x_search call
   * (never a ToolCall there), so that wire passes function_call only.
   */
  callKinds?: readonly string[];
}

type Json = Record<string, unknown>;

/** decode-responses-output's MESSAGE_SEPARATOR: between message items and between summary parts. */
const PIECE_SEPARATOR = '\n\n';

/** Which output item an event belongs to: its item id, else its output_index. */
function itemKey(payload: Json): string {
  return typeof payload.item_id === 'string' ? `id:${payload.item_id}` : `at:${String(payload.output_index)}`;
}

/** Which part of the item: a message's content part, or a reasoning item's summary part. */
function partKey(kind: 'text' | 'reasoning', payload: Json): string {
  const part = kind === 'text' ? payload.content_index : payload.summary_index;
  return `${kind}/${itemKey(payload)}/${String(part)}`;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A call being streamed: its place among the reply's calls. */
interface StreamedCall {
  index: number;
  /** The argument text shown so far. */
  shown: string;
}

export class ResponsesStreamAssembler implements StreamAssembler {
  private readonly callKinds: ReadonlySet<string>;
  private readonly reader: StreamErrorReader;
  /** Calls by output item id and by output_index (delta events carry both, some only one). */
  private readonly callsById = new Map<string, StreamedCall>();
  private readonly callsByIndex = new Map<number, StreamedCall>();
  private readonly seenSources = new Set<string>();
  private calls = 0;
  /** The text shown per message content part and per summary part (see `rest`). */
  private readonly shown = new Map<string, string>();
  /** The item (and summary part) the last text and summary pieces belonged to. */
  private readonly lastPiece: Record<'text' | 'reasoning', string | null> = { text: null, reasoning: null };
  private events = 0;
  /** Whole items from `output_item.done`, by output_index (see `withItems`). */
  private readonly itemsDone = new Map<number, unknown>();
  /** The end of the stream as read so far: a decoded reply, or the failure finish() throws. */
  private outcome: { response: ChatResponse } | { error: LlmError } | null = null;

  constructor(
    private readonly options: ResponsesStreamOptions,
    private readonly context: WireContext,
  ) {
    this.callKinds = new Set(options.callKinds ?? ['function_call', 'custom_tool_call']);
    this.reader = {
      name: BACKEND_NAMES[context.provider],
      errorSignal: (body) => options.errorSignal(body),
      billingAware: options.billingAware,
    };
  }

  push(event: { event: string; data: string }): StreamDelta[] {
    // After the final event, an error or a broken event nothing more is read: the first one decides.
    if (this.outcome !== null) return [];
    this.events += 1;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      this.fail(`event ${this.events} (${event.event}) is not JSON`, event.data);
      return [];
    }
    if (!isObject(payload)) {
      this.fail(`event ${this.events} (${event.event}) is not a JSON object`, event.data);
      return [];
    }
    const type = stringOf(payload.type) ?? event.event;
    switch (type) {
      case 'response.output_text.delta':
        return this.piece('text', payload, stringOf(payload.delta));
      case 'response.output_text.done':
        return this.piece('text', payload, this.rest(payload, 'text', stringOf(payload.text)));
      case 'response.reasoning_summary_text.delta':
        return this.piece('reasoning', payload, stringOf(payload.delta));
      case 'response.reasoning_summary_text.done':
        return this.piece('reasoning', payload, this.rest(payload, 'reasoning', stringOf(payload.text)));
      case 'response.output_item.added':
        return this.itemAdded(payload);
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta':
        return this.callPiece(payload, stringOf(payload.delta), false);
      case 'response.function_call_arguments.done':
        return this.callPiece(payload, stringOf(payload.arguments), true);
      case 'response.custom_tool_call_input.done':
        return this.callPiece(payload, stringOf(payload.input), true);
      case 'response.output_text.annotation.added':
        return this.annotation(payload.annotation);
      case 'response.output_item.done':
        this.itemDone(payload);
        return [];
      case 'response.completed':
      case 'response.incomplete':
        return this.final(type, payload.response, event.data);
      case 'response.failed':
        this.outcome = {
          error: streamError(
            this.reader,
            isObject(payload.response) ? streamErrorBody(payload.response) : null,
          ),
        };
        return [];
      case 'error':
        this.outcome = { error: streamError(this.reader, streamErrorBody(payload)) };
        return [];
      default:
        return [];
    }
  }

  finish(): ChatResponse {
    if (this.outcome === null) {
      throw new LlmError(
        { kind: 'parse', raw: '' },
        `${this.reader.name} stream ended before response.completed ` +
          `(${this.events} events, ${this.itemsDone.size} output items done): the reply was cut`,
      );
    }
    if ('error' in this.outcome) throw this.outcome.error;
    return this.outcome.response;
  }

  private fail(what: string, raw: string): void {
    this.outcome = {
      error: new LlmError(
        { kind: 'parse', raw: raw.slice(0, RAW_KEEP_CHARS) },
        `${this.reader.name} stream: ${what}`,
      ),
    };
  }

  /**
   * A text or summary piece. The whole decode joins message items (and summary parts) with a blank
   * line, so the first piece of a new one after something was shown starts with that blank line:
   * the pieces joined are the final text and summary.
   */
  private piece(kind: 'text' | 'reasoning', payload: Json, text: string | undefined): StreamDelta[] {
    if (text === undefined || text === '') return [];
    const key = partKey(kind, payload);
    this.shown.set(key, (this.shown.get(key) ?? '') + text);
    const block = kind === 'text' ? itemKey(payload) : key;
    const last = this.lastPiece[kind];
    this.lastPiece[kind] = block;
    return [{ kind, text: last !== null && last !== block ? `${PIECE_SEPARATOR}${text}` : text }];
  }

  /**
   * What a `.done` event's whole text adds to the pieces shown for that part: the providers send
   * every piece, so this is normally nothing; where pieces were lost (the recorded openai-phase
   * stream is trimmed: its deltas skip from "Got it" to the done text), the display still ends on
   * the text the reply holds. A whole text that does not continue what was shown adds nothing.
   */
  private rest(payload: Json, kind: 'text' | 'reasoning', whole: string | undefined): string | undefined {
    const shown = this.shown.get(partKey(kind, payload)) ?? '';
    return whole !== undefined && whole.startsWith(shown) ? whole.slice(shown.length) : undefined;
  }

  private itemAdded(payload: Json): StreamDelta[] {
    const item = payload.item;
    if (!isObject(item) || typeof item.type !== 'string' || !this.callKinds.has(item.type)) return [];
    // The item may arrive with its arguments already (a provider that does not stream them).
    const start = stringOf(item.arguments) ?? stringOf(item.input) ?? '';
    const call: StreamedCall = { index: this.calls, shown: start };
    this.calls += 1;
    const itemId = stringOf(item.id);
    if (itemId !== undefined) this.callsById.set(itemId, call);
    if (typeof payload.output_index === 'number') this.callsByIndex.set(payload.output_index, call);
    const id = stringOf(item.call_id) ?? itemId;
    const name = stringOf(item.name);
    return [
      {
        kind: 'tool-call',
        index: call.index,
        ...(id === undefined ? {} : { id }),
        ...(name === undefined ? {} : { name }),
        arguments: start,
      },
    ];
  }

  /** A piece of a call's arguments; `whole`: the `.done` text, of which only the unshown rest is sent. */
  private callPiece(payload: Json, text: string | undefined, whole: boolean): StreamDelta[] {
    const itemId = stringOf(payload.item_id);
    const call =
      (itemId === undefined ? undefined : this.callsById.get(itemId)) ??
      (typeof payload.output_index === 'number' ? this.callsByIndex.get(payload.output_index) : undefined);
    // A piece of an item that is not a call of ours (xAI's x_search input) is not shown as one.
    if (call === undefined || text === undefined) return [];
    let piece = text;
    if (whole) piece = text.startsWith(call.shown) ? text.slice(call.shown.length) : '';
    if (piece === '') return [];
    call.shown += piece;
    return [{ kind: 'tool-call', index: call.index, arguments: piece }];
  }

  private itemDone(payload: Json): void {
    const index = typeof payload.output_index === 'number' ? payload.output_index : this.itemsDone.size;
    if (isObject(payload.item)) this.itemsDone.set(index, payload.item);
  }

  /**
   * Past the ledger: a final response with an empty (or no) `output` while whole items came by
   * `output_item.done` gets those items, in output order. The real providers repeat every item in
   * `response.completed`; the recorded parallel-tool-call-wrapper stream does not (`output: []`),
   * and reading such a reply as empty would lose what the stream showed. A non-empty `output` is
   * always taken as sent.
   */
  private withItems(response: Json): Json {
    const output = response.output;
    if ((Array.isArray(output) && output.length > 0) || this.itemsDone.size === 0) return response;
    if (output !== undefined && !Array.isArray(output)) return response;
    const items = [...this.itemsDone.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
    return { ...response, output: items };
  }

  private annotation(annotation: unknown): StreamDelta[] {
    if (!isObject(annotation)) return [];
    const url = stringOf(annotation.url);
    if (url === undefined || url === '' || this.seenSources.has(url)) return [];
    this.seenSources.add(url);
    const title = stringOf(annotation.title);
    return [{ kind: 'source', url, ...(title === undefined || title === '' ? {} : { title }) }];
  }

  private final(type: string, response: unknown, raw: string): StreamDelta[] {
    if (!isObject(response)) {
      this.fail(`${type} carries no response object`, raw);
      return [];
    }
    try {
      const decoded = this.options.decode(this.withItems(response), this.context);
      this.outcome = { response: decoded };
      return [{ kind: 'usage', usage: decoded.usage }];
    } catch (error) {
      // The whole path's decode errors (parse, a bad argument JSON) are this stream's errors too;
      // anything else (a TypeError no decoder foresaw) is a response we could not read, as there.
      this.outcome = {
        error:
          error instanceof LlmError
            ? error
            : new LlmError(
                { kind: 'parse', raw: raw.slice(0, RAW_KEEP_CHARS) },
                `${this.reader.name} stream: the final response could not be read: ${String(error).slice(0, 300)}`,
              ),
      };
      return [];
    }
  }
}

/** A Responses wire's `streaming`: the same body with `stream: true`, at the same URL. */
export function responsesStreaming(options: ResponsesStreamOptions): WireStreaming {
  return {
    body: (encoded) => (isObject(encoded) ? { ...encoded, stream: true } : encoded),
    assembler: (context) => new ResponsesStreamAssembler(options, context),
  };
}
