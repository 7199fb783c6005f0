import type { AgentSpec } from '../domain/agent.ts';
import type { Language } from '../domain/enums.ts';
import type { Grounding } from '../domain/message.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { LlmBackend } from '../llm/backend.ts';
import type { ChatMessage, ChatRequest, ToolSpec, Usage } from '../llm/canonical.ts';
import type { AgentRuntime, TurnHandle } from './agent-runtime.ts';
import type { Envelope } from './envelope.ts';
import type { ImageRetryState } from './image-retry.ts';
import type { RepeatGuard } from './repeat-guard.ts';
import type { ReplyStream } from './stream/reply-stream.ts';
import type { RoutingTool } from './synthetic-tools.ts';
import type { AgentTool } from './tool.ts';

/** Usage summed over the rounds of one turn (TurnSpend): the single source of the turn line and record. */
export interface Spend {
  rounds: number;
  prompt: number;
  cached: number;
  completion: number;
  reasoning: number;
  cacheWrite: number;
  cacheWrite1h: number;
}

export function emptySpend(): Spend {
  return { rounds: 0, prompt: 0, cached: 0, completion: 0, reasoning: 0, cacheWrite: 0, cacheWrite1h: 0 };
}

export function addUsage(spend: Spend, usage: Usage): void {
  spend.rounds += 1;
  spend.prompt += usage.prompt;
  spend.cached += usage.cacheRead;
  spend.completion += usage.completion;
  spend.reasoning += usage.reasoning;
  spend.cacheWrite += usage.cacheWrite;
  spend.cacheWrite1h += usage.cacheWrite1h;
}

/** Everything one running turn carries between its steps. */
export interface Turn {
  runtime: AgentRuntime;
  envelope: Envelope;
  handle: TurnHandle;
  spec: AgentSpec;
  template: ModelTemplate;
  backend: LlmBackend;
  language: Language;
  /** Exactly the user-turn string sent (volatile context folded in): what history stores. */
  sent: string;
  /** The enveloped incoming text alone (stored for a failed turn). */
  attributed: string;
  request: ChatRequest;
  /** The growing conversation of this turn (history + sent + tool rounds). */
  messages: ChatMessage[];
  tools: AgentTool[];
  routing: RoutingTool[];
  offeredSpecs: ToolSpec[];
  maxRounds: number;
  guard: RepeatGuard;
  spend: Spend;
  startedAtMs: number;
  /** Merged over the rounds (display only; never sent back to the model). */
  grounding: Grounding | null;
  reasoningSummary: string;
  /** Set when an exit begins: an interrupt no longer redirects it, and a crash inside it only settles. */
  exiting: boolean;
  /** Plan waves delivered in this turn (the turn line's `waves=`). */
  waves: number;
  /** The turn's user message (its attachments, if any) and whether the JPEG retry was spent. */
  imageRetry: ImageRetryState;
  /** The growing reply shown while the model streams (template option `stream`); null when off. */
  stream: ReplyStream | null;
}
