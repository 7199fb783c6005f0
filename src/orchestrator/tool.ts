import type { DiagLog } from '../diag/log.ts';
import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { ApprovalRequest } from '../domain/session.ts';
import type { ToolSpec } from '../llm/canonical.ts';
import type { VillagePaths } from '../world/paths.ts';

/** What a tool may know about the agent it is offered to or runs for, resolved at call time. */
export interface ToolContext {
  agentId: AgentId;
  workDir: string | null;
  usesBlackboard: boolean;
  language: Language;
  /** Display name by agent id, for every agent of the village. */
  agentNames: ReadonlyMap<string, string>;
  paths: VillagePaths;
  log: DiagLog;
  /** The turn's signal; only tools that can run long (run) read it. */
  signal: AbortSignal;
  /**
   * The agent's context length in tokens (its template's), for tools whose results are sized to it
   * (MCP results); absent, such a tool assumes the template default.
   */
  contextLength?: number;
  /**
   * A tool calls this when its result text reports a failure (a missing file, an I/O error): the
   * result still goes to the model as text, and the chat's row says "returned with an error". Absent
   * in contexts that show no row (tests, previews).
   */
  flagError?: () => void;
  /**
   * `run` calls this when it queued the call for a person's approval, so the call's stored record
   * carries the request and the chat row can offer the decision (issue 22). Absent where no row is.
   */
  awaitingApproval?: (request: ApprovalRequest) => void;
}

export type ToolSpecContext = Omit<ToolContext, 'signal' | 'flagError' | 'awaitingApproval'>;

/**
 * A tool an agent can call. Failures come back as result text, not as a thrown error, so a wrong
 * argument never ends the conversation.
 */
export interface AgentTool {
  readonly name: string;
  /**
   * The spec offered to this agent, or null to hide the tool from it. May read files (run lists the
   * agent's allow patterns from its run.json), so it may be async.
   */
  specFor(ctx: ToolSpecContext): ToolSpec | null | Promise<ToolSpec | null>;
  /** Own tools get the `reason` field; tools with someone else's schema (MCP) do not. */
  readonly wantsReason: boolean;
  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string>;
}

/** The bundled and MCP tools an agent may be offered (the synthetic routing tools are built apart). */
export interface ToolRegistry {
  /**
   * What is there now: a tool source still connecting (an MCP server) is never waited for, its tools
   * join a later turn.
   */
  toolsFor(agentId: AgentId): AgentTool[];
}

export const EMPTY_REGISTRY: ToolRegistry = { toolsFor: () => [] };

export const REASON_FIELD = 'reason';
export const REASON_MAX_CHARS = 60;

const REASON_DESCRIPTION: Record<Language, string> = {
  ja: '次に何を確かめるために呼ぶのかを 20〜40 字で',
  en: 'In 20–40 characters: what you call this for, what you will check next',
};

/**
 * The one place the reason field is added to a tool's parameters (never `required`: a missing
 * reason never blocks the call).
 */
export function withReasonField(spec: ToolSpec, language: Language): ToolSpec {
  const parameters = spec.parameters as { properties?: Record<string, unknown> };
  return {
    ...spec,
    parameters: {
      ...spec.parameters,
      properties: {
        ...parameters.properties,
        [REASON_FIELD]: { type: 'string', description: REASON_DESCRIPTION[language] },
      },
    },
  };
}

/** Trim, count code points, cut to 59 + "…" (exactly 60); the count is taken before cutting. */
export function readReason(args: Record<string, unknown>): { text: string | null; chars: number } {
  const raw = args[REASON_FIELD];
  if (typeof raw !== 'string') return { text: null, chars: 0 };
  const trimmed = [...raw.trim()];
  if (trimmed.length === 0) return { text: null, chars: 0 };
  const text =
    trimmed.length > REASON_MAX_CHARS
      ? `${trimmed.slice(0, REASON_MAX_CHARS - 1).join('')}…`
      : trimmed.join('');
  return { text, chars: trimmed.length };
}
