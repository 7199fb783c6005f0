/**
 * The request's `tools`, `toolConfig` and `generationConfig` (ledger part 6 §5.2, gemini_native).
 * Built-in tools are decided only by the `*_active()` predicates (flag AND effective provider).
 */
import type { Effort } from '../../../domain/enums.ts';
import type { ChatRequest } from '../../canonical.ts';
import { skills } from '../../provider.ts';
import type { WireContext } from '../wire.ts';
import { geminiFunctionDeclarations, type GeminiFunctionDeclaration } from './gemini-declarations.ts';

export type GeminiThinkingLevel = 'low' | 'medium' | 'high';

export type GeminiTool =
  | { functionDeclarations: GeminiFunctionDeclaration[] }
  | { google_search: Record<string, never> }
  | { urlContext: Record<string, never> };

export interface GeminiToolConfig {
  functionCallingConfig: { mode: 'AUTO' | 'NONE' };
  includeServerSideToolInvocations?: true;
}

export interface GeminiGenerationConfig {
  maxOutputTokens: number;
  temperature?: number;
  thinkingConfig: { includeThoughts: true; thinkingLevel?: GeminiThinkingLevel };
}

/**
 * Effort -> `thinkingLevel`, only for models whose name starts with `gemini-3` (2.5 answers 400
 * "Thinking level is not supported for this model"). Null effort: not sent (server default medium);
 * xhigh / max map to the ceiling, high.
 */
export function thinkingLevelFor(model: string, effort: Effort | null): GeminiThinkingLevel | undefined {
  if (effort === null || !model.startsWith('gemini-3')) return undefined;
  switch (effort) {
    case 'low':
    case 'medium':
    case 'high':
      return effort;
    case 'xhigh':
    case 'max':
      return 'high';
  }
}

export interface GeminiToolOptions {
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
}

/**
 * The built-in tools Google runs itself, decided by the `*_active()` predicates. None on the
 * `toolChoice: 'none'` wrap-up call (after the tool-iteration limit): issue 18 applies part 6 §5.3's
 * "ToolChoice None sends no search tools" to Gemini, since mode NONE only stops *function* calls and
 * Google would still search or fetch (and bill toolUsePromptTokenCount) on the call meant to answer.
 */
function geminiBuiltInTools(request: ChatRequest, context: WireContext): GeminiTool[] {
  if (request.toolChoice === 'none') return [];
  const builtIns: GeminiTool[] = [];
  if (skills.groundingActive(context.template)) builtIns.push({ google_search: {} });
  if (skills.geminiUrlContextActive(context.template)) builtIns.push({ urlContext: {} });
  return builtIns;
}

/**
 * `tools`: function declarations first, then `{google_search:{}}`, then `{urlContext:{}}`.
 * `toolConfig` only when there are function declarations; `includeServerSideToolInvocations: true`
 * exactly when at least one built-in tool is sent AND there is >= 1 declaration (Spec 48 D3).
 * With toolChoice none the declarations stay (mode NONE): dropping them would also drop the
 * tools cache layer the ledger keeps on the summary call (part 6 §5.1 bounds 1).
 */
export function geminiToolOptions(request: ChatRequest, context: WireContext): GeminiToolOptions {
  // Tools Gemini cannot take are left out here (gemini-declarations.ts); the wire reports them.
  const declarations = geminiFunctionDeclarations(request.tools);
  const builtIns = geminiBuiltInTools(request, context);

  const tools: GeminiTool[] = declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
  tools.push(...builtIns);

  const options: GeminiToolOptions = {};
  if (tools.length > 0) options.tools = tools;
  if (declarations.length > 0) {
    const mode = request.toolChoice === 'none' ? 'NONE' : 'AUTO';
    const toolConfig: GeminiToolConfig = { functionCallingConfig: { mode } };
    if (builtIns.length > 0) toolConfig.includeServerSideToolInvocations = true;
    options.toolConfig = toolConfig;
  }
  return options;
}

/** `includeThoughts: true` is always sent: thinking is paid for either way (ledger part 5). */
export function geminiGenerationConfig(request: ChatRequest, context: WireContext): GeminiGenerationConfig {
  const thinkingConfig: GeminiGenerationConfig['thinkingConfig'] = { includeThoughts: true };
  const level = thinkingLevelFor(context.model, request.effort);
  if (level !== undefined) thinkingConfig.thinkingLevel = level;
  // Built key by key so the order is maxOutputTokens, temperature?, thinkingConfig.
  return {
    maxOutputTokens: request.maxOutputTokens,
    ...(request.temperature === null ? {} : { temperature: request.temperature }),
    thinkingConfig,
  };
}
