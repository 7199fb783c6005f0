/**
 * Gemini streaming (`models/{model}:streamGenerateContent?alt=sse`, issue 23). Every SSE event is a
 * whole GenerateContentResponse chunk holding the next parts of `candidates[0].content`, and the last
 * one a `finishReason`. The assembler rebuilds the body `generateContent` would have answered and
 * hands it to the wire's own decode, so the final response is the non-streaming one by construction;
 * the deltas it returns on the way are for display only.
 *
 * Merge rules (what the whole body holds for the same reply):
 * - consecutive text parts of the same kind (thought or not) are one part: the decoder joins all text
 *   anyway, but counts every thought PART as a reasoning item, and the whole body has one thought part
 *   where the stream sent it in many pieces. A part with a `thoughtSignature` joins the part before
 *   (the stream sends the signature last, often on an empty text part) unless that part has one.
 *   Empty plain text parts (`{"text": ""}`, sent with the finish) carry nothing and are left out.
 * - a `functionCall` with `args` is sent whole and kept whole. A call whose arguments stream
 *   (`willContinue` with `partialArgs` pieces, gemini-partial-args.ts) is rebuilt into one part with
 *   `args`; it ends at a piece that does not continue, at the next part or call, or at the finish.
 * - every other part kind is kept as it came, in order.
 * - `usageMetadata` is cumulative: the last one wins, as every other top-level and candidate field
 *   the chunks repeat (`finishReason`, `finishMessage`, `urlContextMetadata`, `modelVersion`, ...).
 * - `groundingMetadata`: `webSearchQueries` and `groundingChunks` are the union over the chunks (Google
 *   sends them with the last chunk; a union is the same there and loses nothing if they come split),
 *   other fields the last one.
 */
import type { ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { streamApiError } from '../../stream/api-error-event.ts';
import type { StreamAssembler, StreamDelta } from '../../stream/stream-delta.ts';
import { isJsonObject, rawOf } from '../decode-json.ts';
import { isWebUrl } from '../web-url.ts';
import type { WireStreaming } from '../wire.ts';
import { convertGeminiUsage } from './convert-gemini-usage.ts';
import { geminiUsageSchema } from './gemini-api.ts';
import { decodeGeminiResponse } from './decode-gemini-response.ts';
import { geminiErrorSignal } from './gemini-error.ts';
import { PartialArgs } from './gemini-partial-args.ts';

type Json = Record<string, unknown>;

const WHOLE_METHOD = ':generateContent';
const STREAM_METHOD = ':streamGenerateContent';
/** Keys of a text part that annotate it (the decoder's ANNOTATION_KEYS plus the text itself). */
const TEXT_PART_KEYS = new Set(['text', 'thought', 'thoughtSignature', 'partMetadata']);
const UNION_GROUNDING_KEYS = new Set(['webSearchQueries', 'groundingChunks']);
const USAGE_COUNT_KEYS = [
  'promptTokenCount',
  'candidatesTokenCount',
  'thoughtsTokenCount',
  'toolUsePromptTokenCount',
  'cachedContentTokenCount',
];

/**
 * The streaming URL for the `generateContent` one: the method becomes `streamGenerateContent` and
 * `alt=sse` is added (without it Google streams one JSON array, not server-sent events). Every other
 * query parameter stays as it was, in order; an `alt` the caller set is replaced.
 */
export function geminiStreamUrl(wholeUrl: string): string {
  const hashAt = wholeUrl.indexOf('#');
  const fragment = hashAt < 0 ? '' : wholeUrl.slice(hashAt);
  const beforeHash = hashAt < 0 ? wholeUrl : wholeUrl.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);
  if (!path.endsWith(WHOLE_METHOD)) {
    throw new Error(`gemini: not a ${WHOLE_METHOD} URL, cannot make it a streaming one: ${path}`);
  }
  const kept = query.split('&').filter((param) => param !== '' && param.split('=')[0] !== 'alt');
  const params = [...kept, 'alt=sse'].join('&');
  return `${path.slice(0, -WHOLE_METHOD.length)}${STREAM_METHOD}?${params}${fragment}`;
}

function parseError(message: string, raw: unknown): LlmError {
  return new LlmError(
    { kind: 'parse', raw: typeof raw === 'string' ? raw.slice(0, 2_000) : rawOf(raw) },
    `gemini: ${message}`,
  );
}

/** Google's in-stream error: `{"error": {...}}`, sometimes wrapped in a one-element array. */
function errorObject(value: unknown): Json | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (!isJsonObject(first) || !isJsonObject(first.error) || first.candidates !== undefined) return null;
  return first.error;
}

interface OpenCall {
  index: number;
  functionCall: Json;
  part: Json;
  args: PartialArgs;
}

export class GeminiStreamAssembler implements StreamAssembler {
  private readonly top: Json = {};
  private readonly candidate: Json = {};
  private hasCandidate = false;
  private role: unknown = undefined;
  private readonly parts: Json[] = [];
  private textGroup: { part: Json; thought: boolean } | null = null;
  private openCall: OpenCall | null = null;
  private calls = 0;
  private grounding: unknown = undefined;
  private finished = false;
  private failure: LlmError | null = null;
  private lastUsage = '';
  private readonly sources = new Set<string>();

  push(event: { event: string; data: string }): StreamDelta[] {
    // After an error the stream is over for us: finish() throws it, later events change nothing.
    if (this.failure !== null) return [];
    const deltas: StreamDelta[] = [];
    try {
      this.readChunk(event.data, deltas);
    } catch (error) {
      this.failure = error instanceof LlmError ? error : parseError(String(error), event.data);
      return [];
    }
    return deltas;
  }

  finish(): ChatResponse {
    if (this.failure !== null) throw this.failure;
    this.closeCall([]);
    const blockedPrompt = !this.hasCandidate && isJsonObject(this.top.promptFeedback);
    if (!this.finished && !blockedPrompt) {
      throw parseError(
        'the stream ended before its last chunk (no finishReason): the reply is cut',
        this.body(),
      );
    }
    return decodeGeminiResponse(this.body());
  }

  /** The rebuilt whole `generateContent` body (what finish() decodes). */
  body(): Json {
    if (!this.hasCandidate) return { ...this.top };
    const content: Json =
      this.role === undefined ? { parts: this.parts } : { parts: this.parts, role: this.role };
    const candidate: Json = { content, ...this.candidate };
    if (this.grounding !== undefined) candidate.groundingMetadata = this.grounding;
    return { candidates: [candidate], ...this.top };
  }

  private readChunk(data: string, deltas: StreamDelta[]): void {
    let chunk: unknown;
    try {
      chunk = JSON.parse(data) as unknown;
    } catch {
      throw parseError('a stream event is not JSON', data);
    }
    const error = errorObject(chunk);
    if (error !== null) throw this.apiError(error, data);
    if (!isJsonObject(chunk)) throw parseError('a stream event is not a JSON object', data);

    for (const [key, value] of Object.entries(chunk)) {
      if (key !== 'candidates' && value != null) this.top[key] = value;
    }
    this.usageDelta(chunk.usageMetadata, deltas);

    const candidates = chunk.candidates;
    if (candidates == null) return;
    if (!Array.isArray(candidates)) throw parseError('candidates is not an array', data);
    const candidate: unknown = candidates[0];
    if (candidate === undefined) return;
    if (!isJsonObject(candidate)) throw parseError('a candidate is not a JSON object', data);
    this.hasCandidate = true;
    for (const [key, value] of Object.entries(candidate)) {
      if (key !== 'content' && key !== 'groundingMetadata' && value != null) this.candidate[key] = value;
    }
    this.readContent(candidate.content, data, deltas);
    if (candidate.groundingMetadata != null) this.mergeGrounding(candidate.groundingMetadata, deltas);
    if (candidate.finishReason != null) {
      this.finished = true;
      this.closeCall(deltas);
    }
  }

  private readContent(content: unknown, data: string, deltas: StreamDelta[]): void {
    if (content == null) return;
    if (!isJsonObject(content)) throw parseError('candidate content is not a JSON object', data);
    if (content.role != null) this.role = content.role;
    if (content.parts == null) return;
    if (!Array.isArray(content.parts)) throw parseError('content parts is not an array', data);
    for (const part of content.parts) {
      if (!isJsonObject(part)) throw parseError('a content part is not a JSON object', data);
      if (part.functionCall != null) this.readCall(part, deltas);
      else this.readOther(part, deltas);
    }
  }

  private readCall(part: Json, deltas: StreamDelta[]): void {
    this.textGroup = null;
    const call = part.functionCall;
    // A shape the decoder rejects stays as it came, so finish() gives the decoder's own error.
    if (!isJsonObject(call)) {
      this.parts.push(part);
      return;
    }
    if (typeof call.name === 'string' && call.name !== '') {
      this.closeCall(deltas);
      const index = this.calls;
      this.calls += 1;
      // The id the decoder gives the call (its own, or call_<n> in order), so display and history agree.
      const id = typeof call.id === 'string' ? call.id : `call_${index}`;
      if (call.willContinue === true && call.args == null) {
        const { willContinue: _continues, partialArgs, ...rest } = call;
        const functionCall: Json = { ...rest };
        const rebuilt: Json = { ...part, functionCall };
        const args = new PartialArgs();
        if (partialArgs != null) args.apply(partialArgs);
        this.parts.push(rebuilt);
        this.openCall = { index, functionCall, part: rebuilt, args };
        deltas.push({ kind: 'tool-call', index, id, name: call.name, arguments: '' });
        return;
      }
      this.parts.push(part);
      deltas.push({
        kind: 'tool-call',
        index,
        id,
        name: call.name,
        arguments: JSON.stringify(call.args ?? {}),
      });
      return;
    }
    const open = this.openCall;
    if (open !== null) {
      if (call.partialArgs != null) open.args.apply(call.partialArgs);
      if (part.thoughtSignature != null && open.part.thoughtSignature == null) {
        open.part.thoughtSignature = part.thoughtSignature;
      }
      if (call.willContinue !== true) this.closeCall(deltas);
      return;
    }
    // `{}` / `{willContinue}` after a call has ended are markers; anything else is a nameless call,
    // which the decoder rejects (kept so that it does).
    if (Object.keys(call).some((key) => key !== 'willContinue')) this.parts.push(part);
  }

  private readOther(part: Json, deltas: StreamDelta[]): void {
    this.closeCall(deltas);
    if (typeof part.text !== 'string') {
      this.textGroup = null;
      this.parts.push(part);
      return;
    }
    const thought = part.thought === true;
    const text = part.text;
    if (text !== '') deltas.push({ kind: thought ? 'reasoning' : 'text', text });
    if (Object.keys(part).some((key) => !TEXT_PART_KEYS.has(key))) {
      // Text with a key we do not know: kept whole, its own part.
      this.textGroup = null;
      this.parts.push(part);
      return;
    }
    if (text === '' && !thought && part.thoughtSignature == null) return;
    const group = this.textGroup;
    const signed = part.thoughtSignature != null;
    if (group !== null && group.thought === thought && !(signed && group.part.thoughtSignature != null)) {
      group.part.text = `${group.part.text as string}${text}`;
      if (signed) group.part.thoughtSignature = part.thoughtSignature;
      return;
    }
    const copy: Json = { ...part };
    this.parts.push(copy);
    this.textGroup = { part: copy, thought };
  }

  private closeCall(deltas: StreamDelta[]): void {
    const open = this.openCall;
    if (open === null) return;
    this.openCall = null;
    open.functionCall.args = open.args.args;
    // The pieces name leaves by path and may come in any order, so the JSON text is written once,
    // when the call is complete (display only: the approval panel shows whole calls anyway).
    deltas.push({ kind: 'tool-call', index: open.index, arguments: JSON.stringify(open.args.args) });
  }

  private mergeGrounding(metadata: unknown, deltas: StreamDelta[]): void {
    if (!isJsonObject(metadata) || !isJsonObject(this.grounding)) {
      this.grounding = isJsonObject(metadata) ? { ...metadata } : metadata;
    } else {
      const merged = this.grounding;
      for (const [key, value] of Object.entries(metadata)) {
        if (value == null) continue;
        const before = merged[key];
        if (UNION_GROUNDING_KEYS.has(key) && Array.isArray(before) && Array.isArray(value)) {
          const seen = new Set(before.map((item) => JSON.stringify(item)));
          merged[key] = [...before, ...value.filter((item) => !seen.has(JSON.stringify(item)))];
        } else {
          merged[key] = value;
        }
      }
    }
    if (!isJsonObject(metadata) || !Array.isArray(metadata.groundingChunks)) return;
    for (const chunk of metadata.groundingChunks) {
      const web = isJsonObject(chunk) && isJsonObject(chunk.web) ? chunk.web : null;
      if (web === null || !isWebUrl(web.uri) || this.sources.has(web.uri)) continue;
      this.sources.add(web.uri);
      deltas.push(
        typeof web.title === 'string' && web.title !== ''
          ? { kind: 'source', url: web.uri, title: web.title }
          : { kind: 'source', url: web.uri },
      );
    }
  }

  private usageDelta(metadata: unknown, deltas: StreamDelta[]): void {
    // Early chunks carry only `trafficType`: no counts yet, nothing to show.
    if (!isJsonObject(metadata) || !USAGE_COUNT_KEYS.some((key) => typeof metadata[key] === 'number')) return;
    const parsed = geminiUsageSchema.safeParse(metadata);
    if (!parsed.success) return;
    const usage = convertGeminiUsage(parsed.data);
    const key = JSON.stringify(usage);
    if (key === this.lastUsage) return;
    this.lastUsage = key;
    deltas.push({ kind: 'usage', usage });
  }

  private apiError(error: Json, data: string): LlmError {
    // `error.code` is the HTTP status the same error has outside a stream (429, 500, 503, ...). Past the
    // ledger: a body without a usable one reads as a server error (500), the stream having said 200.
    const code = error.code;
    const status =
      typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
    return streamApiError({
      // provider.ts BACKEND_NAMES.gemini and geminiWire.billingAware (not imported: both import this file).
      backend: 'gemini',
      status,
      body: data,
      signal: geminiErrorSignal(data),
      billingAware: false,
    });
  }
}

export const geminiStreaming: WireStreaming = {
  // The streaming method takes the same request body as generateContent.
  body: (encoded) => encoded,
  url: geminiStreamUrl,
  assembler: () => new GeminiStreamAssembler(),
};
