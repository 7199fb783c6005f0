/**
 * OpenAI-compatible `POST {baseUrl}/chat/completions` wire shapes. Request shapes are plain types
 * (we build them); response shapes are zod schemas where every field is optional or defaulted and
 * every object is loose: OpenAI, xAI, DeepSeek, Gemini-compat, llama.cpp, vLLM ... all vary.
 */
import { z } from 'zod';
import { optionalText, tokenCount } from '../tolerant-fields.ts';

export type OpenAiCompatUserPart =
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'mp3' | 'wav' } }
  | { type: 'file'; file: { filename: string; file_data: string } }
  | { type: 'text'; text: string };

/**
 * One call in `assistant.tool_calls`. Provider extras decoded with the call (e.g. Gemini's
 * `extra_content.google.thought_signature`) are spread back after `function`, in place.
 */
export type OpenAiCompatToolCall = {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
} & Record<string, unknown>;

export type OpenAiCompatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiCompatUserPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAiCompatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAiCompatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The wire values of `reasoning_effort` this adapter sends (`none` and the rounded canonical three). */
export type OpenAiCompatReasoningEffort = 'none' | 'low' | 'medium' | 'high';

/**
 * Keys are listed in the order `encode` writes them (golden tests pin it). Exactly one of
 * `max_tokens` / `max_completion_tokens` is present.
 */
export interface OpenAiCompatRequest {
  model: string;
  messages: OpenAiCompatMessage[];
  tools?: OpenAiCompatTool[];
  tool_choice?: 'auto' | 'none';
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  reasoning_effort?: OpenAiCompatReasoningEffort;
}

const count = tokenCount;
const text = optionalText;

export const openAiCompatUsageSchema = z.looseObject({
  prompt_tokens: count,
  completion_tokens: count,
  /** Absent on some servers; read only to tell whether reasoning is inside completion_tokens. */
  total_tokens: z.number().nullish().catch(null),
  prompt_tokens_details: z
    .looseObject({ cached_tokens: z.number().nullish().catch(null) })
    .nullish()
    .catch(null),
  completion_tokens_details: z.looseObject({ reasoning_tokens: count }).nullish().catch(null),
  /** DeepSeek's own name for the cached prompt tokens (it also sends `cached_tokens`). */
  prompt_cache_hit_tokens: z.number().nullish().catch(null),
});
export type OpenAiCompatUsage = z.infer<typeof openAiCompatUsageSchema>;

export const openAiCompatToolCallSchema = z.looseObject({
  id: text,
  type: text,
  function: z
    .looseObject({
      name: text,
      /** A JSON string on every server we know; an object is accepted as already parsed. */
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    })
    .nullish(),
});
export type OpenAiCompatResponseToolCall = z.infer<typeof openAiCompatToolCallSchema>;

/** A part of an array-valued `content` (Mistral-style); only `type` is required. */
export const openAiCompatContentPartSchema = z.looseObject({ type: z.string(), text: text });

export const openAiCompatResponseMessageSchema = z.looseObject({
  content: z.union([z.string(), z.array(openAiCompatContentPartSchema)]).nullish(),
  refusal: text,
  /** DeepSeek and xAI. */
  reasoning_content: text,
  /** OpenRouter, vLLM, Ollama. */
  reasoning: text,
  tool_calls: z.array(openAiCompatToolCallSchema).nullish(),
});
export type OpenAiCompatResponseMessage = z.infer<typeof openAiCompatResponseMessageSchema>;

export const openAiCompatResponseSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: openAiCompatResponseMessageSchema.nullish(),
        finish_reason: text,
      }),
    )
    .min(1),
  usage: openAiCompatUsageSchema.nullish().catch(null),
});

/**
 * The fields of an error: `{"error": {"message", "type", "param", "code"}}`. `code` is a string on
 * OpenAI and a number on some compatible servers; vLLM puts the same fields at the top level, and a
 * few servers send `{"error": "text"}` (the error reader picks the object before this schema).
 */
export const openAiCompatErrorFieldsSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).nullish().catch(null),
  type: text,
  message: text,
});
