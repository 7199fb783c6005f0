import type { AgentId, ModelTemplateId } from './ids.ts';
import type { AgentStatus, PlanTaskState } from './enums.ts';
import type { ErrorPayload } from './errors.ts';
import type { AgentMessage } from './message.ts';
import type { ToolCallRecord } from './session.ts';

/** Every frame of the events socket: `{"type": ..., ...payload}` (ledger part 4 §3.2). */
export type CoreEvent =
  | { type: 'agentStatusChanged'; agentId: AgentId; status: AgentStatus }
  | {
      type: 'agentStatsUpdated';
      agentId: AgentId;
      uptimeSecs: number;
      totalTokens: number;
      promptTokens: number;
      cachedTokens: number;
      lastPromptTokens: number | null;
    }
  | { type: 'messageSent'; message: AgentMessage }
  /**
   * This server's own (issue 23): a streamed reply growing. `text` (and `thinking`, the reasoning
   * summary) is what was APPENDED since the previous messageDelta of this message, never the whole
   * so far; at most one per 50 ms per message. The final `messageSent` carries `message.id ===
   * messageId` and replaces the growing bubble. Never stored: the record is the final message.
   */
  | { type: 'messageDelta'; agentId: AgentId; messageId: string; text: string; thinking?: string }
  /**
   * This server's own (issue 23): a streamed reply that showed something ended without its final
   * message: interrupted by a person (or the chain), or cut (the stream failed, or the turn ended
   * another way). The shown text stays visible, marked; it is in neither history nor the store.
   */
  | {
      type: 'messageStreamStopped';
      agentId: AgentId;
      messageId: string;
      reason: 'cut' | 'interrupted' | 'handed_off';
    }
  | { type: 'topologyChanged' }
  | { type: 'agentFailed'; agentId: AgentId; error: ErrorPayload }
  | { type: 'backendDegraded'; modelTemplateId: ModelTemplateId; reason: string }
  | { type: 'agentTyping'; agentId: AgentId; active: boolean }
  | { type: 'conversationCleared' }
  | {
      type: 'toolInvoked';
      agentId: AgentId;
      tool: string;
      ok: boolean;
      /** The model's one-line intent (display only); present when `reasonState` is `written`. */
      reason?: string | null;
      /** written / omitted (offered, left empty) / unsupported (someone else's schema) / excluded (routing tools). */
      reasonState?: 'written' | 'omitted' | 'unsupported' | 'excluded';
      /** When the tool returned (this server's addition): the UI orders tool rows with messages by it. */
      tsMs?: number;
      /** This server's addition (issue 22): the stored record, so the live row opens like a reloaded one. */
      call?: ToolCallRecord;
    }
  | { type: 'toolLimitReached'; agentId: AgentId; maxIterations: number }
  | { type: 'toolRepeatBlocked'; agentId: AgentId; tool: string; repeats: number }
  | { type: 'hopLimitReached'; agentId: AgentId; maxHops: number }
  | {
      type: 'planWaveStarted';
      planId: number;
      agentId: AgentId;
      wave: number;
      tasks: { to: AgentId; msgChars: number }[];
      startedAtMs: number;
    }
  | { type: 'planTaskResolved'; planId: number; to: AgentId; state: PlanTaskState; elapsedMs: number | null }
  | { type: 'planWaveFinished'; planId: number; bundleChars: number | null; elapsedMs: number | null }
  | { type: 'turnInterrupted'; agentId: AgentId; turnSeq: number }
  | { type: 'sessionSwitched'; sessionId: string }
  /** This server's own (issue 22): `rename_session` changed a conversation's title. */
  | { type: 'sessionRenamed'; sessionId: string; title: string }
  /** This server's own (issue 22): a conversation was deleted (by delete_session, or an empty chat pruned). */
  | { type: 'sessionDeleted'; sessionId: string }
  | { type: 'turnRecorded'; agentId: AgentId; sessionId: string }
  /** This server's own: the village definition changed (agents, templates, roles, groups, settings). */
  | { type: 'worldChanged' }
  /** This server's own: an agent's pending `run` requests changed (queued, approved, rejected, tidied). */
  | { type: 'pendingCommandsChanged'; agentId: AgentId }
  /** This server's own: some MCP server's connection state changed (`mcp_status` has the details). */
  | { type: 'mcpStatusChanged' };

export type CoreEventType = CoreEvent['type'];

type Listener = (event: CoreEvent) => void;

/** In-process fan-out of core events; a throwing listener never affects the others or the emitter. */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: CoreEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber must not break the core.
      }
    }
  }
}
