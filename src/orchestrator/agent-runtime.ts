import type { AgentSnapshot } from '../domain/agent.ts';
import type { AgentStatus } from '../domain/enums.ts';
import type { ErrorPayload } from '../domain/errors.ts';
import type { AgentId } from '../domain/ids.ts';
import type { Usage } from '../llm/canonical.ts';
import type { Envelope } from './envelope.ts';

/** One exchange of history: exactly the string that was sent, and the reply. */
export interface Exchange {
  sent: string;
  replied: string;
}

/** The in-flight turn: its sequence number scopes an interrupt to this turn only. */
export interface TurnHandle {
  seq: number;
  controller: AbortController;
  startedAtMs: number;
  /** When a person asked to interrupt, for the elapsed-time System line. */
  interruptRequestedAtMs: number | null;
  /**
   * Set by the one settle of the turn (or when it ends without one): a second settle is refused, and
   * an interrupt from then on is too late and says so.
   */
  settled: boolean;
}

type RunTurn = (runtime: AgentRuntime, envelope: Envelope) => Promise<void>;

/** The run-time half of an AgentSnapshot (the other half is the spec). */
export type RuntimeView = Pick<
  AgentSnapshot,
  | 'status'
  | 'typing'
  | 'uptimeSecs'
  | 'totalTokens'
  | 'promptTokens'
  | 'cachedTokens'
  | 'lastPromptTokens'
  | 'lastError'
>;

/** An agent that has not run in this process. */
export const IDLE_RUNTIME: RuntimeView = {
  status: 'idle',
  typing: false,
  uptimeSecs: 0,
  totalTokens: 0,
  promptTokens: 0,
  cachedTokens: 0,
  lastPromptTokens: null,
  lastError: null,
};

/**
 * An agent's live state: status, a bounded inbox served one turn at a time, its history and its
 * volatile counters. The turn itself is run by the orchestrator through `runTurn`.
 */
export class AgentRuntime {
  status: AgentStatus = 'idle';
  lastError: ErrorPayload | null = null;
  typing = false;
  history: Exchange[] = [];
  /** The active summary of earlier history, injected at the head of the next turn's context. */
  summary: string | null = null;
  turn: TurnHandle | null = null;
  private turnSeq = 0;
  private readonly inbox: Envelope[] = [];
  private serving = false;
  /** Counters of the process: they reset when the app restarts. */
  stats = {
    uptimeMs: 0,
    totalTokens: 0,
    promptTokens: 0,
    cachedTokens: 0,
    lastPromptTokens: null as number | null,
  };
  private runningSinceMs: number | null = null;

  constructor(
    readonly id: AgentId,
    private readonly capacity: number,
    private readonly runTurn: RunTurn,
  ) {}

  get queued(): number {
    return this.inbox.length;
  }

  nextTurnSeq(): number {
    this.turnSeq += 1;
    return this.turnSeq;
  }

  /** False when the inbox is full. */
  enqueue(envelope: Envelope): boolean {
    if (this.inbox.length >= this.capacity) return false;
    this.inbox.push(envelope);
    void this.serve().catch(() => undefined);
    return true;
  }

  /** Removes and returns everything still waiting (for stop). */
  drain(): Envelope[] {
    return this.inbox.splice(0, this.inbox.length);
  }

  /** One turn at a time, in order. */
  private async serve(): Promise<void> {
    if (this.serving) return;
    this.serving = true;
    try {
      for (let next = this.inbox.shift(); next; next = this.inbox.shift()) {
        try {
          await this.runTurn(this, next);
        } catch {
          // runTurn settles its own failures; whatever escapes must not stop serving this inbox.
          next.replyTo?.({ text: '', kind: 'no_answer' });
        }
      }
    } finally {
      this.serving = false;
    }
  }

  /** Whether a turn is running or waiting. */
  get busy(): boolean {
    return this.turn !== null || this.inbox.length > 0;
  }

  noteRunning(running: boolean, nowMs: number): void {
    if (running && this.runningSinceMs === null) this.runningSinceMs = nowMs;
    if (!running && this.runningSinceMs !== null) {
      this.stats.uptimeMs += nowMs - this.runningSinceMs;
      this.runningSinceMs = null;
    }
  }

  uptimeSecs(nowMs: number): number {
    const live = this.runningSinceMs === null ? 0 : nowMs - this.runningSinceMs;
    return Math.floor((this.stats.uptimeMs + live) / 1000);
  }

  /** Counts one LLM call's usage into the card totals. */
  addUsage(usage: Usage): void {
    this.stats.totalTokens += usage.prompt + usage.completion;
    this.stats.promptTokens += usage.prompt;
    this.stats.cachedTokens += usage.cacheRead;
    this.stats.lastPromptTokens = usage.prompt;
  }

  snapshotRuntime(nowMs: number): RuntimeView {
    return {
      status: this.status,
      typing: this.typing,
      uptimeSecs: this.uptimeSecs(nowMs),
      totalTokens: this.stats.totalTokens,
      promptTokens: this.stats.promptTokens,
      cachedTokens: this.stats.cachedTokens,
      lastPromptTokens: this.stats.lastPromptTokens,
      lastError: this.lastError,
    };
  }
}
