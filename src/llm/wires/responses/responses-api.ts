/**
 * `POST {baseUrl}/responses` wire shapes shared by the four Responses wires (OpenAI, xAI, Meta,
 * Perplexity). Request shapes are plain types (we build them); response shapes are zod schemas where
 * every field is optional or defaulted and every object is loose, so one provider's extra keys never
 * fail another's decode.
 *
 * An output item is deliberately NOT a discriminated union (ledger part 6 §2.3): one struct whose
 * fields are all optional, branched on `type`. Three Perplexity kinds share the `results` key with
 * different element shapes, xAI puts JSON in `arguments` / `input`, and unknown kinds must survive
 * the parse so they can be counted (#72) instead of failing the whole body.
 */
import { z } from 'zod';
import { optionalNumber, optionalText, tokenCount } from '../tolerant-fields.ts';

// ---------------------------------------------------------------------------------------------
// Request
// ---------------------------------------------------------------------------------------------

export type ResponsesInputPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string }
  | { type: 'input_file'; filename: string; file_data: string }
  | { type: 'input_audio'; input_audio: { data: string; format: 'mp3' | 'wav' } }
  | { type: 'input_video'; video_url: string };

/** A message input item (the "easy" form: no `type`, string content unless parts are needed). */
export type ResponsesInputMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ResponsesInputPart[] }
  | { role: 'assistant'; content: string };

export interface ResponsesFunctionCallInput {
  type: 'function_call';
  /** The output item's own id (`fc_…`), sent back when decode kept it; absent otherwise. */
  id?: string;
  call_id: string;
  name: string;
  /** Always a JSON string, as every provider sends it. */
  arguments: string;
}

/**
 * A tool result. `output` is a string ONLY: Meta answers an object with 400 (`input[2].output did
 * not match any supported type`), and a string keeps the three providers agreeing (ledger §2.3).
 */
export interface ResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}

/** A custom (free-form grammar) tool call sent back; its result is a `custom_tool_call_output`. */
export interface ResponsesCustomToolCallInput {
  type: 'custom_tool_call';
  id?: string;
  call_id: string;
  name: string;
  input: string;
}

export interface ResponsesCustomToolCallOutput {
  type: 'custom_tool_call_output';
  call_id: string;
  output: string;
}

/** An output item carried back verbatim (encrypted reasoning, a message with its `phase`). */
export type ResponsesCarriedItem = Record<string, unknown> & { type: string };

export type ResponsesInputItem =
  | ResponsesInputMessage
  | ResponsesFunctionCallInput
  | ResponsesFunctionCallOutput
  | ResponsesCustomToolCallInput
  | ResponsesCustomToolCallOutput
  | ResponsesCarriedItem;

/** A function tool in the flat Responses form (not compat's `{type, function: {...}}`). */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Only where a wire decides to send it (see encode-responses-tools.ts). */
  strict?: boolean;
}

/** A provider's server tool (`{type: "web_search"}`, `{type: "x_search"}` ...): the wire builds it. */
export type ResponsesServerTool = Record<string, unknown> & { type: string };

export type ResponsesTool = ResponsesFunctionTool | ResponsesServerTool;

/** `reasoning`: each wire fills what its provider takes (OpenAI all four, Meta effort only ...). */
export interface ResponsesReasoning {
  effort?: string;
  summary?: string;
  context?: string;
  mode?: string;
}

/**
 * The top-level request, keys in the order `encodeResponsesRequest` writes them (golden tests pin
 * it). `tool_choice` does not exist here on purpose: Meta accepts only "auto" and the wrap-up call
 * expresses 'none' by sending no tools at all, so no Responses wire ever sends the key.
 * `max_output_tokens` is the only limit field (never max_completion_tokens / max_tokens).
 */
export interface ResponsesRequest {
  model: string;
  instructions?: string;
  input: ResponsesInputItem[];
  tools?: ResponsesTool[];
  include?: string[];
  reasoning?: ResponsesReasoning;
  /** Always sent, never optional: the village keeps no conversation at the provider (Spec 34 D3). */
  store: false;
  max_output_tokens: number;
  temperature?: number;
  /** Perplexity only (finance search needs it); absent on the others so their golden bodies hold. */
  max_steps?: number;
}

// ---------------------------------------------------------------------------------------------
// Response
// ---------------------------------------------------------------------------------------------

const count = tokenCount;
const text = optionalText;
const number = optionalNumber;

/** `url_citation` on every provider we know; `title` is absent on xAI, indexes are (0,0) there. */
const responsesAnnotationSchema = z.looseObject({
  type: text,
  url: text,
  title: text,
  start_index: number,
  end_index: number,
});
export type ResponsesAnnotation = z.infer<typeof responsesAnnotationSchema>;

/** A part of a `message` item's content: `output_text` (text, annotations) or `refusal`. */
const responsesContentPartSchema = z.looseObject({
  type: z.string().catch('unknown'),
  text: text,
  refusal: text,
  annotations: z.array(responsesAnnotationSchema).nullish().catch(null),
});

/** One source of `web_search_call.action.sources`: `{type:"url", url}` or `{type:"api", name}`. */
const responsesActionSourceSchema = z.looseObject({ type: text, url: text, name: text });

/** `web_search_call.action`: search (query, sources) / open_page (url) / find_in_page (url, pattern). */
const responsesActionSchema = z.looseObject({
  type: text,
  query: text,
  queries: z.array(z.string()).nullish().catch(null),
  url: text,
  pattern: text,
  sources: z.array(responsesActionSourceSchema).nullish().catch(null),
});

/**
 * One element of Perplexity's `results` (search / people / fetch: url + title; finance: `sources`,
 * nested arrays of bare URL strings). All optional because the kinds share the key.
 */
const responsesResultEntrySchema = z.looseObject({
  url: text,
  title: text,
  snippet: text,
  sources: z.array(z.unknown()).nullish().catch(null),
});

const responsesOutputItemSchema = z.looseObject({
  /** An item without a type reads as `unknown` and is counted as dropped, not a failed decode. */
  type: z.string().catch('unknown'),
  id: text,
  status: text,
  // message
  role: text,
  /** `commentary` / `final_answer` on models that mark them (fixture openai-phase). */
  phase: text,
  content: z.array(responsesContentPartSchema).nullish().catch(null),
  // reasoning
  summary: z
    .array(z.looseObject({ type: text, text: text }))
    .nullish()
    .catch(null),
  encrypted_content: text,
  // function_call / custom_tool_call / xAI server calls
  call_id: text,
  name: text,
  /** A JSON string (function_call; xAI's server calls also put their query here). */
  arguments: text,
  /** custom_tool_call's free-form input (xAI: a JSON string `{"query","limit"}`). */
  input: text,
  // web_search_call
  action: responsesActionSchema.nullish().catch(null),
  // Perplexity *_results / skill_loaded
  queries: z.array(z.string()).nullish().catch(null),
  results: z.array(responsesResultEntrySchema).nullish().catch(null),
  contents: z.array(z.looseObject({})).nullish().catch(null),
});
export type ResponsesOutputItem = z.infer<typeof responsesOutputItemSchema>;

/** Perplexity's `usage.cost` (USD). Logged by its wire, never mapped into statistics (Spec 45 D10). */
const responsesCostSchema = z.looseObject({
  currency: text,
  input_cost: number,
  output_cost: number,
  tool_calls_cost: number,
  total_cost: number,
  tool_calls_cost_details: z.record(z.string(), z.unknown()).nullish().catch(null),
});

export const responsesUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  total_tokens: number,
  input_tokens_details: z
    .looseObject({ cached_tokens: count, cache_write_tokens: count })
    .nullish()
    .catch(null),
  output_tokens_details: z.looseObject({ reasoning_tokens: count }).nullish().catch(null),
  // Loose extras each wire reads itself (never into the canonical Usage here).
  /** xAI, the observed name. */
  server_side_tool_usage_details: z.record(z.string(), z.unknown()).nullish().catch(null),
  /** xAI, the documented name. */
  server_side_tool_usage: z.record(z.string(), z.unknown()).nullish().catch(null),
  /** xAI, raw ticks: logged as they are, never converted to money. */
  cost_in_usd_ticks: number,
  /** Perplexity. */
  cost: responsesCostSchema.nullish().catch(null),
  /** Perplexity: `{<key>: {invocation: N}}`. */
  tool_calls_details: z
    .record(z.string(), z.looseObject({ invocation: number }))
    .nullish()
    .catch(null),
});
export type ResponsesUsage = z.infer<typeof responsesUsageSchema>;

export const responsesResponseSchema = z.looseObject({
  status: text,
  incomplete_details: z.looseObject({ reason: text }).nullish().catch(null),
  error: z.looseObject({ code: text, message: text }).nullish().catch(null),
  output: z.array(responsesOutputItemSchema),
  usage: responsesUsageSchema.nullish().catch(null),
});
export type ResponsesResponse = z.infer<typeof responsesResponseSchema>;
