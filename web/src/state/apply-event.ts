import type { AgentMessage, CoreEvent, PlanWaveRecord } from '../lib/types.ts';
import type { Toast, ToolRow, World } from './world.ts';

/** The part of the village state that events patch directly. */
export interface LiveState {
  world: World | null;
  messages: AgentMessage[];
  toolRows: ToolRow[];
  typing: Record<string, boolean>;
  /** Interrupts asked for and not yet taken effect (they land at the next round boundary). */
  interrupting: Record<string, boolean>;
  waves: PlanWaveRecord[];
}

/** What an event asks to be fetched again (its payload alone cannot update these). */
export type Refetch = 'world' | 'messages' | 'pending' | 'waves' | 'mcp' | 'session';

export interface EventOutcome {
  refetch: Refetch[];
  toast?: Omit<Toast, 'id'> & { key: string; params?: Record<string, unknown> };
}

/** Messages arrive once by id (an event and a fetch may both carry one); kept oldest first. */
export function addMessage(messages: AgentMessage[], message: AgentMessage): void {
  if (messages.some((m) => m.id === message.id)) return;
  let index = messages.length;
  while (index > 0 && messages[index - 1]!.tsMs > message.tsMs) index--;
  messages.splice(index, 0, message);
}

/** Applies one event in place and says what else to fetch or show. `nowMs` stamps tool rows. */
export function applyEvent(state: LiveState, event: CoreEvent, nowMs: number): EventOutcome {
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
      return { refetch: [] };
    case 'agentTyping':
      // Only true keys are kept: a finished run leaves no trace.
      if (event.active) state.typing[event.agentId] = true;
      else {
        delete state.typing[event.agentId];
        delete state.interrupting[event.agentId];
      }
      return { refetch: [] };
    case 'agentFailed': {
      const a = agent(event.agentId);
      if (a) a.lastError = event.error;
      return {
        refetch: [],
        toast: {
          kind: 'error',
          key: 'toast.agentFailed',
          params: { agent: event.agentId },
          text: event.error.message,
        },
      };
    }
    case 'toolInvoked':
      state.toolRows.push({
        key: `${nowMs}-${state.toolRows.length}`,
        agentId: event.agentId,
        tool: event.tool,
        ok: event.ok,
        reason: event.reason ?? null,
        reasonState: event.reasonState ?? null,
        tsMs: nowMs,
      });
      return { refetch: [] };
    case 'toolLimitReached':
      return {
        refetch: [],
        toast: {
          kind: 'warn',
          key: 'toast.toolLimit',
          params: { agent: event.agentId, max: event.maxIterations },
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
      return { refetch: ['session', 'messages'] };
    case 'sessionSwitched':
      state.toolRows.splice(0);
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
    case 'turnRecorded':
      return { refetch: ['session'] };
    case 'turnInterrupted':
      return { refetch: [] };
    default:
      return { refetch: [] };
  }
}
