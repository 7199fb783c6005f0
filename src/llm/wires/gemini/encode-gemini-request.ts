/**
 * ChatRequest -> the `generateContent` body. Key order (JSON.stringify keeps it):
 * `systemInstruction?`, `contents`, `tools?`, `toolConfig?`, `generationConfig`; inside
 * generationConfig: `maxOutputTokens`, `temperature?`, `thinkingConfig` {`includeThoughts`,
 * `thinkingLevel?`}. Optional keys are omitted, never null.
 */
import { systemText, type ChatRequest } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { convertToGeminiContents, type GeminiContent } from './convert-to-gemini-contents.ts';
import {
  geminiGenerationConfig,
  geminiToolOptions,
  type GeminiGenerationConfig,
  type GeminiTool,
  type GeminiToolConfig,
} from './gemini-options.ts';

export interface GeminiRequestBody {
  systemInstruction?: { parts: [{ text: string }] };
  contents: GeminiContent[];
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig: GeminiGenerationConfig;
}

/** The system prompt (stable + volatile joined) goes to `systemInstruction`, never `contents`. */
export function encodeGeminiRequest(request: ChatRequest, context: WireContext): GeminiRequestBody {
  const body: Partial<GeminiRequestBody> = {};
  const system = systemText(request.system);
  if (system !== '') body.systemInstruction = { parts: [{ text: system }] };
  body.contents = convertToGeminiContents(request.messages);
  const { tools, toolConfig } = geminiToolOptions(request, context);
  if (tools !== undefined) body.tools = tools;
  if (toolConfig !== undefined) body.toolConfig = toolConfig;
  body.generationConfig = geminiGenerationConfig(request, context);
  return body as GeminiRequestBody;
}
