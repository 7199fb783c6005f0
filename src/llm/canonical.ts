/**
 * The canonical LLM model: what the orchestrator builds and reads. No wire shapes here; each
 * adapter under wires/ converts to and from its provider's JSON.
 */
import type { Effort } from '../domain/enums.ts';
import type { Grounding } from '../domain/message.ts';

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments (an object for every wire we speak). */
  arguments: Record<string, unknown>;
  /** Opaque provider data (e.g. a Gemini thought signature): only the adapter that decoded it reads it back. */
  extra?: unknown;
}

import type { AttachmentData, AttachmentKind } from '../domain/attachment.ts';

// Defined in domain (the world layer reads and re-encodes them without importing llm).
export type { AttachmentData, AttachmentKind };

export type ChatMessage =
  | { role: 'user'; content: string; attachments?: AttachmentData[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string };

/**
 * The system prompt in two parts: `stable` (ordinance .. skill: the cacheable prefix) and
 * `volatile` (roster, memory). Adapters that cannot mark a boundary send `stable + volatile`.
 */
export interface SystemPrompt {
  stable: string;
  volatile: string;
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'none';

export interface ChatRequest {
  system: SystemPrompt;
  messages: ChatMessage[];
  tools: ToolSpec[];
  toolChoice: ToolChoice;
  /** Null: not sent. */
  effort: Effort | null;
  /** Null: the key is omitted (models without temperature answer 400 when it is sent). */
  temperature: number | null;
  maxOutputTokens: number;
}

/**
 * Token counts of one call. `reasoning` is part of `completion`; `cacheWrite` is part of `prompt`
 * and `cacheWrite1h` part of `cacheWrite`. total = prompt + completion.
 */
export interface Usage {
  prompt: number;
  completion: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h: number;
  reasoning: number;
}

export const ZERO_USAGE: Usage = {
  prompt: 0,
  completion: 0,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  reasoning: 0,
};

export function totalTokens(usage: Usage): number {
  return usage.prompt + usage.completion;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

export interface ChatResponse {
  text: string;
  toolCalls: ToolCall[];
  finish: FinishReason;
  usage: Usage;
  /** The model's summary of its thinking; "" when none. Never goes back into history. */
  reasoningSummary: string;
  /** Display-only provenance; null when the answer was not grounded. */
  grounding: Grounding | null;
  /** Content blocks the decoder could not map, by kind (for the `dropped content blocks:` line). */
  dropped: Record<string, number>;
  /**
   * How many reasoning items (thinking blocks, thought parts, Responses `reasoning` items) arrived,
   * with or without a summary: the `items=` of the `reasoning summary:` line. Absent: 0.
   */
  reasoningItems?: number;
  /** The wire's per-call instrument lines (ledger part 6 §3.5), written by the caller with the agent. */
  notes?: WireNote[];
}

/**
 * One instrument line of a wire: `gemini tools:`, `xai search:`, `openai search:`, `pplx tools:`.
 * `fields` is everything after the prefix (and after `agent=…` where the format has one); the names
 * are frozen (older observation records grep for them).
 */
export interface WireNote {
  prefix: 'gemini tools' | 'xai search' | 'openai search' | 'pplx tools';
  fields: string;
}

/** The prefixes whose frozen format names the agent first (`gemini tools: agent=… …`). */
const NOTES_WITH_AGENT: ReadonlySet<WireNote['prefix']> = new Set(['gemini tools', 'xai search']);

/** The log line of one note; `agent=` only where the ledger's format has it. */
export function wireNoteLine(agent: string, note: WireNote): string {
  return NOTES_WITH_AGENT.has(note.prefix)
    ? `${note.prefix}: agent=${agent} ${note.fields}`
    : `${note.prefix}: ${note.fields}`;
}

/** `reasoning summary: agent=… items=N chars=M`, only when a summary arrived (Spec 33). */
export function reasoningSummaryLine(agent: string, response: ChatResponse): string | null {
  if (response.reasoningSummary === '') return null;
  return `reasoning summary: agent=${agent} items=${response.reasoningItems ?? 0} chars=${[...response.reasoningSummary].length}`;
}

/** The whole system text as adapters that cannot split it send it. */
export function systemText(system: SystemPrompt): string {
  if (system.stable === '') return system.volatile;
  if (system.volatile === '') return system.stable;
  return `${system.stable}\n\n${system.volatile}`;
}
