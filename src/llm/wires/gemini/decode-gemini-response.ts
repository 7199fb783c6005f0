/**
 * A 2xx `generateContent` body -> ChatResponse. Only `candidates[0]` is read (we never ask for more).
 * - text parts without `thought` -> the body; `thought: true` parts -> reasoningSummary (never body),
 *   each one a reasoning item (`reasoningItems`, counted with or without text)
 * - `functionCall` -> our ToolCall; `thoughtSignature` -> `extra: {thoughtSignature}`
 * - `toolCall` / `toolResponse` / `executableCode` / `codeExecutionResult` ran at Google: never our
 *   tool calls. A search `toolCall` yields grounding queries; every other unmapped kind is counted
 *   in `dropped` under its key name.
 * - URL context / search use -> the `gemini tools:` note (gemini-tools-note.ts).
 */
import { LlmError } from '../../llm-error.ts';
import type { ChatResponse, ToolCall } from '../../canonical.ts';
import { countKind } from '../decode-json.ts';
import { geminiResponseSchema, type GeminiPart } from './gemini-api.ts';
import { convertGeminiUsage } from './convert-gemini-usage.ts';
import { convertGeminiGrounding, toolCallSearchQueries } from './gemini-grounding.ts';
import { geminiToolsNote } from './gemini-tools-note.ts';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';
import type { GeminiToolCallExtra } from './convert-to-gemini-contents.ts';

const MAX_RAW_CHARS = 2_000;
/** Keys that annotate a part rather than give its kind. */
const ANNOTATION_KEYS = new Set(['thought', 'thoughtSignature', 'partMetadata']);

function parseError(body: unknown, message: string): LlmError {
  let raw: string;
  try {
    raw = JSON.stringify(body) ?? String(body);
  } catch {
    raw = String(body);
  }
  return new LlmError({ kind: 'parse', raw: raw.slice(0, MAX_RAW_CHARS) }, `gemini: ${message}`);
}

/** The kind of a part nobody maps: its first non-annotation key with a value; null when none. */
function kindOf(part: GeminiPart): string | null {
  for (const [key, value] of Object.entries(part)) {
    if (!ANNOTATION_KEYS.has(key) && value != null) return key;
  }
  return null;
}

interface PartsReading {
  text: string;
  reasoning: string;
  reasoningItems: number;
  toolCalls: ToolCall[];
  searchQueries: string[];
  dropped: Record<string, number>;
}

function readParts(parts: GeminiPart[], body: unknown): PartsReading {
  const out: PartsReading = {
    text: '',
    reasoning: '',
    reasoningItems: 0,
    toolCalls: [],
    searchQueries: [],
    dropped: {},
  };
  for (const part of parts) {
    // A thought part is a reasoning item whatever else it carries (Spec 33: items, not summaries).
    if (part.thought === true) out.reasoningItems += 1;
    if (part.functionCall != null) {
      const { id, name, args } = part.functionCall;
      if (typeof name !== 'string' || name === '') throw parseError(body, 'functionCall part without a name');
      const call: ToolCall = { id: id ?? `call_${out.toolCalls.length}`, name, arguments: args ?? {} };
      if (part.thoughtSignature != null && part.thoughtSignature !== '') {
        call.extra = { thoughtSignature: part.thoughtSignature } satisfies GeminiToolCallExtra;
      }
      out.toolCalls.push(call);
    } else if (part.text != null) {
      if (part.thought === true) out.reasoning += part.text;
      else out.text += part.text;
    } else {
      const queries = part.toolCall !== undefined ? toolCallSearchQueries(part.toolCall) : [];
      if (queries.length > 0) {
        out.searchQueries.push(...queries);
        continue;
      }
      const kind = kindOf(part);
      if (kind !== null) countKind(out.dropped, kind);
    }
  }
  return out;
}

export function decodeGeminiResponse(body: unknown): ChatResponse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw parseError(body, 'response body is not a JSON object');
  }
  const parsed = geminiResponseSchema.safeParse(body);
  if (!parsed.success) throw parseError(body, `unexpected response shape: ${parsed.error.message}`);
  const response = parsed.data;
  const usage = convertGeminiUsage(response.usageMetadata);
  const candidate = response.candidates?.[0];

  if (candidate === undefined) {
    // The prompt itself was blocked: a filtered answer with no text, not a malformed body.
    if (response.promptFeedback?.blockReason != null) {
      return {
        text: '',
        toolCalls: [],
        finish: 'content_filter',
        usage,
        reasoningSummary: '',
        grounding: null,
        dropped: {},
        reasoningItems: 0,
      };
    }
    throw parseError(body, 'no candidates and no promptFeedback.blockReason');
  }

  const reading = readParts(candidate.content?.parts ?? [], body);
  const grounding = convertGeminiGrounding(candidate.groundingMetadata, reading.searchQueries);
  const note = geminiToolsNote(
    candidate.urlContextMetadata,
    response.usageMetadata,
    grounding?.queries.length ?? 0,
  );
  return {
    text: reading.text,
    toolCalls: reading.toolCalls,
    finish: mapGeminiFinishReason(candidate.finishReason, reading.toolCalls.length > 0),
    usage,
    reasoningSummary: reading.reasoning,
    grounding,
    dropped: reading.dropped,
    reasoningItems: reading.reasoningItems,
    ...(note === null ? {} : { notes: [note] }),
  };
}
