import type { AgentMessage, CoreEvent, ErrorPayload, PlanWaveRecord } from '../lib/types.ts';
import type { StoredToolCall, Toast, ToolRow, World } from './world.ts';
import {
  appendDelta,
  closeOpenReplies,
  dropReplies,
  finishReply,
  stopReply,
  type StreamingReply,
} from './streaming-replies.ts';

/** The part of the village state that events patch directly. */
export interface LiveState {
  world: World | null;
  messages: AgentMessage[];
  toolRows: ToolRow[];
  typing: Record<string, boolean>;
  /** Interrupts asked for and not yet taken effect (they land at the next round boundary). */
  interrupting: Record<string, boolean>;
  waves: PlanWaveRecord[];
  /** Replies streaming in, or stopped before their final message (issue 23, streaming-replies.ts). */
  streams: StreamingReply[];
  /** Replies dropped with their conversation while still streaming (streaming-replies.ts dropReplies). */
  streamsDropped?: string[];
  /** Counts deletes announced by the server (`sessionDeleted`): open conversation lists load again. */
  sessionsDeleted?: number;
}

/** What an event asks to be fetched again (its payload alone cannot update these). */
export type Refetch = 'world' | 'messages' | 'pending' | 'waves' | 'mcp' | 'session';

export interface EventOutcome {
  refetch: Refetch[];
  toast?: Omit<Toast, 'id'> & {
    key: string;
    params?: Record<string, unknown>;
    /** The count the message's plural form follows (vue-i18n `t(key, params, n)`). */
    plural?: number;
    error?: ErrorPayload;
  };
}

/** Messages arrive once by id (an event and a fetch may both carry one); kept oldest first. */
export function addMessage(messages: AgentMessage[], message: AgentMessage): void {
  if (messages.some((m) => m.id === message.id)) return;
  let index = messages.length;
  while (index > 0 && messages[index - 1]!.tsMs > message.tsMs) index--;
  messages.splice(index, 0, message);
}

/**
 * Applies one event in place and says what else to fetch or show. `nowMs` stamps tool rows.
 * `replaying` (replayPatches): the event was applied live already; a run's end then closes no open
 * reply, since one open now may belong to a run that started after it.
 */
export function applyEvent(
  state: LiveState,
  event: CoreEvent,
  nowMs: number,
  replaying = false,
): EventOutcome {
  const agent = (id: string) => state.world?.agents.find((a) => a.id === id);
  switch (event.type) {
    case 'agentStatusChanged': {
      const a = agent(event.agentId);
      if (a) {
        a.status = event.status;
        if (event.status === 'starting') a.lastError = null;
      }
      if (event.status !== 'running') {
        delete state.typing[event.agentId];
        delete state.interrupting[event.agentId];
        if (!replaying) closeOpenReplies(state.streams, event.agentId);
      }
      return { refetch: [] };
    }
    case 'agentStatsUpdated': {
      const a = agent(event.agentId);
      if (a) {
        a.uptimeSecs = event.uptimeSecs;
        a.totalTokens = event.totalTokens;
        a.promptTokens = event.promptTokens;
        a.cachedTokens = event.cachedTokens;
        a.lastPromptTokens = event.lastPromptTokens;
      }
      return { refetch: [] };
    }
    case 'messageSent':
      addMessage(state.messages, event.message);
      finishReply(state.streams, event.message.id);
      return { refetch: [] };
    case 'messageDelta':
      // Appends (not a patch): never replayed after a fetch, or the text would double.
      appendDelta(state.streams, event, nowMs, undefined, state.streamsDropped);
      return { refetch: [] };
    case 'messageStreamStopped':
      stopReply(state.streams, event.messageId, event.reason);
      return { refetch: [] };
    case 'agentTyping':
      // Only true keys are kept: a finished run leaves no trace.
      if (event.active) state.typing[event.agentId] = true;
      else {
        delete state.typing[event.agentId];
        delete state.interrupting[event.agentId];
        if (!replaying) closeOpenReplies(state.streams, event.agentId);
      }
      return { refetch: [] };
    case 'agentFailed': {
      const a = agent(event.agentId);
      if (a) a.lastError = event.error;
      // No toast (issue 22): the card shows the failure and the chat has the core's line for it; a
      // third copy of the same error in a toast only hid what the person was reading.
      return { refetch: [] };
    }
    case 'toolInvoked':
      // The stored rows fetched on load may already hold this call: its record is written before the
      // event is sent, so a fetch can answer before the event arrives. One row per call, not two.
      if (event.call && state.toolRows.some((r) => r.call && sameStoredCall(r.call, event.call!))) {
        return { refetch: [] };
      }
      state.toolRows.push({
        key: `${nowMs}-${state.toolRows.length}`,
        agentId: event.agentId,
        tool: event.tool,
        ok: event.ok,
        reason: event.reason ?? null,
        reasonState: event.reasonState ?? null,
        // The server's clock, like the messages' (so a row sits where it happened); arrival otherwise.
        tsMs: event.tsMs ?? nowMs,
        ...(event.call ? { call: event.call } : {}),
      });
      return { refetch: [] };
    case 'toolLimitReached':
      return {
        refetch: [],
        toast: {
          kind: 'warn',
          key: 'toast.toolLimit',
          params: { agent: event.agentId, max: event.maxIterations },
          plural: event.maxIterations,
          text: '',
        },
      };
    case 'toolRepeatBlocked':
      return {
        refetch: [],
        toast: {
          kind: 'warn',
          key: 'toast.toolRepeat',
          params: { agent: event.agentId, tool: event.tool, repeats: event.repeats },
          plural: event.repeats,
          text: '',
        },
      };
    case 'hopLimitReached':
      return {
        refetch: [],
        toast: {
          kind: 'warn',
          key: 'toast.hopLimit',
          params: { agent: event.agentId, max: event.maxHops },
          text: '',
        },
      };
    case 'backendDegraded':
      return {
        refetch: [],
        toast: {
          kind: 'warn',
          key: 'toast.backendDegraded',
          params: { template: event.modelTemplateId },
          text: event.reason,
        },
      };
    case 'conversationCleared':
      state.messages.splice(0);
      state.toolRows.splice(0);
      dropReplies(state.streams, (state.streamsDropped ??= []));
      return { refetch: ['session', 'messages'] };
    case 'sessionSwitched':
      state.toolRows.splice(0);
      // A reply of the conversation left behind is not one of this one's.
      dropReplies(state.streams, (state.streamsDropped ??= []));
      return { refetch: ['session', 'messages'] };
    case 'topologyChanged':
    case 'worldChanged':
      return { refetch: ['world'] };
    case 'planWaveStarted':
    case 'planTaskResolved':
    case 'planWaveFinished':
      return { refetch: ['waves'] };
    case 'pendingCommandsChanged':
      return { refetch: ['pending'] };
    case 'mcpStatusChanged':
      return { refetch: ['mcp'] };
    case 'sessionDeleted':
      state.sessionsDeleted = (state.sessionsDeleted ?? 0) + 1;
      return { refetch: [] };
    case 'turnRecorded':
    case 'sessionRenamed':
      return { refetch: ['session'] };
    case 'turnInterrupted':
      return { refetch: [] };
    default:
      return { refetch: [] };
  }
}

/** Events that set state (never add rows or toasts): safe to apply twice. */
const PATCH_EVENTS = new Set<CoreEvent['type']>([
  'messageSent',
  'messageStreamStopped',
  'agentStatusChanged',
  'agentStatsUpdated',
  'agentTyping',
  'agentFailed',
]);

/**
 * Re-applies, over freshly fetched state, the events that arrived while the fetch was on its way (the
 * server may have answered before them), from the last conversation switch on. Tool rows and toasts
 * are never repeated.
 */
export function replayPatches(state: LiveState, seen: readonly CoreEvent[], nowMs: number): void {
  let start = 0;
  seen.forEach((event, i) => {
    if (event.type === 'conversationCleared' || event.type === 'sessionSwitched') start = i + 1;
  });
  for (const event of seen.slice(start))
    if (PATCH_EVENTS.has(event.type)) applyEvent(state, event, nowMs, true);
}

/** The same stored call: one agent, one call id, one time and name (a call id repeats across responses). */
function sameStoredCall(a: StoredToolCall, b: StoredToolCall): boolean {
  return a.agentId === b.agentId && a.callId === b.callId && a.tsMs === b.tsMs && a.name === b.name;
}

/** After a world fetch: typing comes from the snapshots (an event may have been missed while away). */
export function typingFromWorld(state: LiveState): void {
  const typing = new Set((state.world?.agents ?? []).filter((a) => a.typing).map((a) => a.id));
  for (const id of Object.keys(state.typing)) if (!typing.has(id)) delete state.typing[id];
  for (const id of typing) state.typing[id] = true;
  for (const id of Object.keys(state.interrupting)) if (!typing.has(id)) delete state.interrupting[id];
}
