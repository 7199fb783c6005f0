/**
 * Anthropic Messages wire shapes (`POST /v1/messages`). Request shapes are plain types (we build
 * them); response shapes are zod schemas where every field is optional or defaulted and every object
 * is loose, so compatible servers and new fields never break decoding.
 */
import { z } from 'zod';

/** The only breakpoint we write: 1-hour TTL (needs the extended-cache-ttl beta header). */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl: '1h';
}

export type AnthropicTextBlock = { type: 'text'; text: string; cache_control?: AnthropicCacheControl };

export type AnthropicRequestBlock =
  | AnthropicTextBlock
  | {
      type: 'image';
      source: { type: 'base64'; media_type: string; data: string };
      cache_control?: AnthropicCacheControl;
    }
  | {
      type: 'document';
      source: { type: 'base64'; media_type: 'application/pdf'; data: string };
      cache_control?: AnthropicCacheControl;
    }
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: Record<string, unknown>;
      cache_control?: AnthropicCacheControl;
    }
  | { type: 'tool_result'; tool_use_id: string; content: string; cache_control?: AnthropicCacheControl };

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicRequestBlock[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** Keys are listed in the order `encode` writes them (golden tests pin it). */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: AnthropicTextBlock[];
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
  tool_choice?: { type: 'auto' | 'none' };
  temperature?: number;
  thinking: { type: 'adaptive'; display: 'summarized' };
}

/** A token count: absent or null reads as 0. */
const count = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

export const anthropicUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
  cache_creation: z.looseObject({ ephemeral_1h_input_tokens: count }).nullish(),
  output_tokens_details: z.looseObject({ thinking_tokens: count }).nullish(),
});
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;

/** Any content block: only `type` is required; the decoder reads the rest per type. */
export const anthropicBlockSchema = z.looseObject({ type: z.string() });

export const anthropicTextBlockSchema = z.looseObject({ text: z.string().nullish() });

export const anthropicThinkingBlockSchema = z.looseObject({ thinking: z.string().nullish() });

export const anthropicToolUseBlockSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()).nullish(),
});

export const anthropicResponseSchema = z.looseObject({
  content: z.array(anthropicBlockSchema).nullish(),
  stop_reason: z.string().nullish(),
  // A malformed count must not lose a billed answer: an unreadable usage reads as missing.
  usage: anthropicUsageSchema.nullish().catch(null),
});

/** The error body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`. */
export const anthropicErrorSchema = z.looseObject({
  error: z.looseObject({ type: z.string().nullish(), message: z.string().nullish() }),
});
