/**
 * A 2xx Responses body to the canonical response: the walk over `output` the four wires share.
 * - `message`: `output_text` parts -> body (parts joined as they come, items by a blank line), their
 *   annotations handed to the wire (it owns grounding); `refusal` parts -> the body when no text
 *   came (finish content_filter); other part kinds counted as dropped.
 * - `reasoning`: counted (`reasoningItems`, with or without a summary); `summary[].text` joined
 *   -> reasoningSummary (Spec 33; never into history).
 * - `function_call` -> ToolCall, arguments (a JSON string) parsed once, bad JSON -> LlmError('parse');
 *   the `parallel` wrapper split into one ToolCall per use (split-parallel-call.ts).
 * - `custom_tool_call` -> ToolCall `{input: "<the free-form string>"}`, marked custom so its result
 *   goes back as `custom_tool_call_output` (convert-to-responses-input.ts).
 * - a kind the wire registered in `kinds` goes to the wire's handler first (so xAI can take
 *   custom_tool_call as its x_search call); every other kind is counted into `dropped` (#72).
 *
 * Encrypted reasoning goes past the ledger on purpose: the ledger's `intentionally_unread` has
 * `reasoning[].encrypted_content` unread (the probe showed a round trip passes without it), but issue
 * 18 asks for it to be carried to the next call of the same turn. With `replayOutputItems`, when the
 * response holds a reasoning item with `encrypted_content` or a message with a `phase` (fixture
 * openai-phase: commentary vs final_answer, which the model needs to read its own earlier preamble as
 * such), EVERY output item except the calls is kept verbatim on the first ToolCall's `extra`, in
 * output order, and each call keeps its item id and its place among them (`after`). Not a subset:
 * OpenAI answers 400 `Item 'rs_…' of type 'reasoning' was provided without its required following
 * item` when a replayed reasoning item is not followed by the item it preceded (a web_search_call, a
 * message by its id, a call), so a reasoning item is only safe with its neighbours in their places.
 * Reasoning items without encrypted_content are left out (under store: false their id alone is
 * unknown to the provider). Without tool calls nothing is kept: the turn ends, history stores text.
 */
import type { ChatResponse, ToolCall } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { countKind, isJsonObject, parseArguments, rawOf } from '../decode-json.ts';
import { convertResponsesUsage } from './convert-responses-usage.ts';
import { mapResponsesFinish } from './map-responses-finish.ts';
import {
  responsesResponseSchema,
  type ResponsesAnnotation,
  type ResponsesCarriedItem,
  type ResponsesOutputItem,
  type ResponsesResponse,
} from './responses-api.ts';
import type { ResponsesCallFacts, ResponsesToolCallExtra } from './responses-tool-call-extra.ts';
import { splitParallelCall } from './split-parallel-call.ts';

/** A wire's handler for one output kind; `raw` is the item exactly as the provider sent it. */
export type ResponsesKindHandler = (item: ResponsesOutputItem, raw: Record<string, unknown>) => void;

export interface DecodeResponsesOptions {
  /**
   * Output kinds only this wire knows, or generic kinds it takes over. A handled item is neither
   * walked generically nor counted as dropped; the handler keeps what it needs in its own closure.
   */
  kinds?: Record<string, ResponsesKindHandler>;
  /** Keep what the next call of the same turn must get back verbatim (see the file comment). */
  replayOutputItems?: boolean;
}

export interface DecodedResponses {
  /** `grounding` is null and `notes` absent: the wire adds its own from the rest of this result. */
  response: ChatResponse;
  /** Every `output_text` annotation, in order. */
  annotations: ResponsesAnnotation[];
  /** The parsed body, for the usage extras a wire reads itself (ticks, cost, tool usage). */
  body: ResponsesResponse;
}

const MESSAGE_SEPARATOR = '\n\n';

/** What the walk gathers; one per decode. */
class Walk {
  readonly texts: string[] = [];
  readonly refusals: string[] = [];
  readonly summaries: string[] = [];
  readonly annotations: ResponsesAnnotation[] = [];
  readonly dropped: Record<string, number> = {};
  readonly toolCalls: ToolCall[] = [];
  /** With replay: every non-call output item worth sending back, in output order. */
  private readonly sequence: ResponsesCarriedItem[] = [];
  /** With replay: for each entry of toolCalls, how many `sequence` items came before its call item. */
  private readonly positions: number[] = [];
  reasoningItems = 0;
  /** Whether anything makes the replay necessary (encrypted reasoning, a phased message). */
  private needsReplay = false;

  constructor(private readonly replay: boolean) {}

  /** An output item the walk does not turn into a call, kept for replay (a wire's kinds included). */
  keep(raw: Record<string, unknown>): void {
    if (this.replay && typeof raw.type === 'string') this.sequence.push(raw as ResponsesCarriedItem);
  }

  message(item: ResponsesOutputItem, raw: Record<string, unknown>): void {
    let text = '';
    for (const part of item.content ?? []) {
      if (part.type === 'output_text') {
        text += part.text ?? '';
        this.annotations.push(...(part.annotations ?? []));
      } else if (part.type === 'refusal') {
        if (part.refusal != null && part.refusal !== '') this.refusals.push(part.refusal);
      } else countKind(this.dropped, part.type);
    }
    if (text !== '') this.texts.push(text);
    if (this.replay && item.phase != null) this.needsReplay = true;
    this.keep(raw);
  }

  reasoning(item: ResponsesOutputItem, raw: Record<string, unknown>): void {
    this.reasoningItems += 1;
    const summary = (item.summary ?? [])
      .map((part) => part.text ?? '')
      .filter((part) => part !== '')
      .join(MESSAGE_SEPARATOR);
    if (summary !== '') this.summaries.push(summary);
    if (this.replay && item.encrypted_content != null && item.encrypted_content !== '') {
      this.needsReplay = true;
      this.keep(raw);
    }
  }

  functionCall(item: ResponsesOutputItem): void {
    const name = item.name ?? '';
    const id = this.callId(item);
    const args = parseArguments(item.arguments ?? '', name);
    const split = splitParallelCall(id, name, args);
    if (split !== null) {
      for (const call of split) this.pushCall(call, { kind: 'function' });
      return;
    }
    this.pushCall({ id, name, arguments: args }, { kind: 'function', ...this.itemId(item) });
  }

  customToolCall(item: ResponsesOutputItem): void {
    const call = { id: this.callId(item), name: item.name ?? '', arguments: { input: item.input ?? '' } };
    this.pushCall(call, { kind: 'custom', ...this.itemId(item) });
  }

  /**
   * The call list. With a replay, every call knows its place (`after`) and the first one carries the
   * kept items; without one, only what a plain call needs (custom kind, item id).
   */
  finishedCalls(): ToolCall[] {
    const replaying = this.needsReplay && this.sequence.length > 0;
    return this.toolCalls.map((call, index) => {
      const facts: ResponsesCallFacts = factsOf(call) ?? { kind: 'function' };
      if (!replaying) return call;
      const placed: ResponsesCallFacts = {
        ...facts,
        after: this.positions[index] ?? this.sequence.length,
        ...(index === 0 ? { carried: this.sequence } : {}),
      };
      const extra: ResponsesToolCallExtra = { responses: placed };
      return { ...call, extra };
    });
  }

  private callId(item: ResponsesOutputItem): string {
    if (item.call_id != null && item.call_id !== '') return item.call_id;
    if (item.id != null && item.id !== '') return item.id;
    // A provider that leaves both out still needs an id to pair the tool result with.
    return `call_${this.toolCalls.length}`;
  }

  private itemId(item: ResponsesOutputItem): { itemId?: string } {
    return this.replay && item.id != null && item.id !== '' ? { itemId: item.id } : {};
  }

  private pushCall(call: ToolCall, facts: ResponsesCallFacts): void {
    // A plain function call without replay facts needs no extra at all.
    const needsExtra = facts.kind === 'custom' || facts.itemId !== undefined;
    const extra: ResponsesToolCallExtra = { responses: facts };
    this.toolCalls.push(needsExtra ? { ...call, extra } : call);
    this.positions.push(this.sequence.length);
  }
}

function factsOf(call: ToolCall): ResponsesCallFacts | undefined {
  const extra = call.extra as Partial<ResponsesToolCallExtra> | undefined;
  return extra?.responses;
}

function parseBody(body: unknown): ResponsesResponse {
  const parsed = responsesResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
  throw new LlmError(
    { kind: 'parse', raw: rawOf(body) },
    `responses body has an unexpected shape at ${where}: ${issue?.message ?? 'invalid'}`,
  );
}

export function decodeResponsesOutput(body: unknown, options: DecodeResponsesOptions = {}): DecodedResponses {
  const parsed = parseBody(body);
  // The items as sent, for verbatim replay (the parsed ones may differ in defaults and key order).
  const rawItems = isJsonObject(body) && Array.isArray(body.output) ? body.output : [];
  const walk = new Walk(options.replayOutputItems === true);
  parsed.output.forEach((item, index) => {
    const raw = isJsonObject(rawItems[index]) ? rawItems[index] : {};
    // An own key only: a `type` of "constructor" or "__proto__" must not find Object.prototype's.
    const kinds = options.kinds ?? {};
    if (Object.hasOwn(kinds, item.type)) {
      // A wire's kind (OpenAI's web_search_call) stays in its place for the replay too.
      walk.keep(raw);
      return kinds[item.type]!(item, raw);
    }
    switch (item.type) {
      case 'message':
        return walk.message(item, raw);
      case 'reasoning':
        return walk.reasoning(item, raw);
      case 'function_call':
        return walk.functionCall(item);
      case 'custom_tool_call':
        return walk.customToolCall(item);
      default:
        walk.keep(raw);
        return countKind(walk.dropped, item.type);
    }
  });
  const outputText = walk.texts.join(MESSAGE_SEPARATOR);
  const refused = outputText === '' && walk.refusals.length > 0;
  const toolCalls = walk.finishedCalls();
  const response: ChatResponse = {
    text: refused ? walk.refusals.join(MESSAGE_SEPARATOR) : outputText,
    toolCalls,
    finish: mapResponsesFinish(parsed, { toolCalls: toolCalls.length, refused }),
    usage: convertResponsesUsage(parsed.usage),
    reasoningSummary: walk.summaries.join(MESSAGE_SEPARATOR),
    grounding: null,
    dropped: walk.dropped,
    reasoningItems: walk.reasoningItems,
  };
  return { response, annotations: walk.annotations, body: parsed };
}
