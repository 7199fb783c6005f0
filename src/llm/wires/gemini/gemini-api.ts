/**
 * Zod shapes of the Gemini `generateContent` response and error bodies. Every field is optional and
 * every object loose: we read only what we use and never reject a body for a field Google adds.
 */
import { z } from 'zod';

/**
 * One part: a union without a type tag. Its kind is which key is present (text, functionCall,
 * toolCall, ...), so it is received as a struct whose fields are all optional, not as an enum.
 * Kinds we never map (toolResponse, executableCode, inlineData, ...) stay as loose extra keys.
 */
export const geminiPartSchema = z.looseObject({
  text: z.string().nullish(),
  thought: z.boolean().nullish(),
  thoughtSignature: z.string().nullish(),
  functionCall: z
    .looseObject({
      id: z.string().nullish(),
      name: z.string().nullish(),
      args: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  /** Executed by Google (server-side tool invocation); read only for search queries. */
  toolCall: z.unknown().optional(),
});
export type GeminiPart = z.infer<typeof geminiPartSchema>;

export const geminiGroundingMetadataSchema = z.looseObject({
  webSearchQueries: z.array(z.string()).nullish(),
  groundingChunks: z
    .array(
      z.looseObject({
        web: z.looseObject({ uri: z.string().nullish(), title: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
});
export type GeminiGroundingMetadata = z.infer<typeof geminiGroundingMetadataSchema>;

/**
 * `candidates[].urlContextMetadata`: one entry per URL the URL-context tool tried, with its
 * `urlRetrievalStatus` (`URL_RETRIEVAL_STATUS_SUCCESS`, `_ERROR`, `_PAYWALL`, `_UNSAFE`,
 * `_UNSPECIFIED`). Read only for the `gemini tools:` line, never shown.
 */
const geminiUrlContextMetadataSchema = z.looseObject({
  urlMetadata: z
    .array(z.looseObject({ retrievedUrl: z.string().nullish(), urlRetrievalStatus: z.string().nullish() }))
    .nullish(),
});
export type GeminiUrlContextMetadata = z.infer<typeof geminiUrlContextMetadataSchema>;

export const geminiUsageSchema = z.looseObject({
  promptTokenCount: z.number().nullish(),
  candidatesTokenCount: z.number().nullish(),
  thoughtsTokenCount: z.number().nullish(),
  toolUsePromptTokenCount: z.number().nullish(),
  cachedContentTokenCount: z.number().nullish(),
  totalTokenCount: z.number().nullish(),
});
export type GeminiUsage = z.infer<typeof geminiUsageSchema>;

export const geminiResponseSchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: z
          .looseObject({ role: z.string().nullish(), parts: z.array(geminiPartSchema).nullish() })
          .nullish(),
        finishReason: z.string().nullish(),
        finishMessage: z.string().nullish(),
        groundingMetadata: geminiGroundingMetadataSchema.nullish(),
        // An instrument field: a shape we cannot read loses the log line, never the answer.
        urlContextMetadata: geminiUrlContextMetadataSchema.nullish().catch(null),
      }),
    )
    .nullish(),
  promptFeedback: z.looseObject({ blockReason: z.string().nullish() }).nullish(),
  // A malformed count must not lose a billed answer: an unreadable usage reads as missing.
  usageMetadata: geminiUsageSchema.nullish().catch(null),
});
export type GeminiResponse = z.infer<typeof geminiResponseSchema>;

export const geminiErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().nullish(),
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z.array(z.unknown()).nullish(),
  }),
});
export type GeminiErrorBody = z.infer<typeof geminiErrorSchema>;
