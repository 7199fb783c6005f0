/**
 * The village at run time: one runtime per agent, the shared conversation log, routing between
 * agents, interrupts and the stats ticker. The world (definitions) stays in the Village.
 */
import type { DiagLog } from '../diag/log.ts';
import { PlanWaves } from './plan/plan-waves.ts';
import type { AgentStatus, Language } from '../domain/enums.ts';
import { CoreError } from '../domain/errors.ts';
import type { EventBus } from '../domain/events.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage, Endpoint } from '../domain/message.ts';
import type { AttachmentInput, AttachmentRef } from '../domain/attachment.ts';
import type { ModelTemplate } from '../domain/template.ts';
import { DEFAULT_ASK_TIMEOUT_SECS } from '../domain/village.ts';
import type { LlmBackend } from '../llm/backend.ts';
import { createLlmBackend } from '../llm/backend-factory.ts';
import { effectiveProvider } from '../llm/provider.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { VillagePaths } from '../world/paths.ts';
import type { Village } from '../world/village.ts';
import type { WorldState } from '../world/world-state.ts';
import { agentDirectory, type AgentDirectory } from './agent-directory.ts';
import { AgentRuntime, IDLE_RUNTIME, type RuntimeView } from './agent-runtime.ts';
import { fileAttachmentPort, type AttachmentPort } from './attachment-port.ts';
import { sendWithAttachment, type AttachmentSendTarget } from './attachment-send.ts';
import { BudgetPool, CallEstimates } from './budget/index.ts';
import { DEFAULT_ORCHESTRATOR_CONFIG, type OrchestratorConfig } from './config.ts';
import type { Envelope } from './envelope.ts';
import { turnFoldedLine } from './lines/index.ts';
import { MessageLog, newMessage, type MessageSink } from './message-log.ts';
import { presenceNotice, senderLabel } from './prompt/index.ts';
import { runTurn } from './run-turn.ts';
import { agentLabel, TEXTS, turnFailedText, type OrchestratorTexts } from './texts.ts';
import { EMPTY_REGISTRY, type ToolRegistry } from './tool.ts';
import { MemoryTurnSink, type TurnSink } from './turn-sink.ts';

export interface OrchestratorDeps {
  village: Village;
  paths: VillagePaths;
  log: DiagLog;
  events: EventBus;
  secrets: SecretStore;
  tools?: ToolRegistry;
  /** The backend for a template; the HTTP backend (or echo) by default. */
  backendFor?: (template: ModelTemplate) => Promise<LlmBackend>;
  turnSink?: TurnSink;
  messageSink?: MessageSink;
  /** Told when an agent starts or stops running (its own MCP servers live exactly that long). */
  lifecycle?: AgentLifecycle;
  config?: Partial<OrchestratorConfig>;
  now?: () => number;
  /** The attachment files; `{workspace}/attachments/` by default. */
  attachments?: AttachmentPort;
}

export interface ScheduledDelivery {
  message: AgentMessage;
  budget: BudgetPool | null;
  participants: Set<AgentId>;
  settled: Promise<void>;
}

export interface AgentLifecycle {
  agentStarted(agentId: AgentId): void;
  agentStopped(agentId: AgentId): void;
}

const FATAL_CODES = new Set(['LLM_CONFIG', 'CREDENTIAL_MISSING', 'MODEL_TEMPLATE_NOT_FOUND']);

export class Orchestrator {
  readonly config: OrchestratorConfig;
  readonly messages: MessageLog;
  readonly estimates = new CallEstimates();
  readonly planWaves: PlanWaves;
  /** Skips every plan review window (Spec 43 freeze 11): memory only, off at start. */
  planReviewBypass = false;
  /** Abort roots of waves dispatched after review, by coordinator: its interrupt or stop cuts them. */
  private readonly waveRoots = new Map<AgentId, Set<AbortController>>();
  readonly sink: TurnSink;
  readonly tools: ToolRegistry;
  readonly now: () => number;
  readonly attachments: AttachmentPort;
  private readonly runtimes = new Map<string, AgentRuntime>();
  private ticker: NodeJS.Timeout | null = null;
  private readonly fatal = new WeakSet<CoreError>();

  constructor(private readonly deps: OrchestratorDeps) {
    this.config = { ...DEFAULT_ORCHESTRATOR_CONFIG, ...deps.config };
    this.planWaves = new PlanWaves(deps.events);
    this.messages = new MessageLog(this.config.logCapacity, deps.events, deps.messageSink ?? null);
    this.sink = deps.turnSink ?? new MemoryTurnSink();
    this.tools = deps.tools ?? EMPTY_REGISTRY;
    this.now = deps.now ?? Date.now;
    this.attachments = deps.attachments ?? fileAttachmentPort(deps.paths);
  }

  get log(): DiagLog {
    return this.deps.log;
  }
  get events(): EventBus {
    return this.deps.events;
  }
  get paths(): VillagePaths {
    return this.deps.paths;
  }
  world(): WorldState {
    return this.deps.village.state;
  }
  text(language: Language): OrchestratorTexts {
    return TEXTS[language];
  }
  language(): Language {
    return this.world().language ?? 'en';
  }
  askTimeoutSecs(): number {
    return this.world().askTimeoutSecs ?? DEFAULT_ASK_TIMEOUT_SECS;
  }

  backendFor(template: ModelTemplate): Promise<LlmBackend> {
    return this.deps.backendFor
      ? this.deps.backendFor(template)
      : createLlmBackend(template, this.deps.secrets, { log: this.deps.log });
  }

  /** The agents of the current world version by id (built once per version, not per label). */
  directory(): AgentDirectory {
    return agentDirectory(this.world().agents);
  }
  agentNames(): ReadonlyMap<string, string> {
    return this.directory().names;
  }
  labelName(id: AgentId): string {
    return this.directory().spec(id)?.name ?? id;
  }
  /** `agent_2（ザリ）` (`agent_2 (Zari)` in English): how other agents are named in results and tool descriptions. */
  labelOf(id: AgentId): string {
    return agentLabel(id, this.labelName(id), this.language());
  }
  senderLabel(endpoint: Endpoint): string {
    const world = this.world();
    return senderLabel(endpoint, {
      names: this.agentNames(),
      userName: world.userName,
      externalName: world.externalName,
      language: this.language(),
    });
  }

  runtimeIfKnown(id: AgentId): AgentRuntime | undefined {
    return this.runtimes.get(id);
  }
  private runtime(id: AgentId): AgentRuntime {
    let runtime = this.runtimes.get(id);
    if (!runtime) {
      runtime = new AgentRuntime(id, this.config.mailboxCapacity, (r, e) => runTurn(this, r, e));
      this.runtimes.set(id, runtime);
    }
    return runtime;
  }
  statusOf(id: AgentId): AgentStatus {
    return this.runtimes.get(id)?.status ?? 'idle';
  }
  runtimeView = (id: AgentId): RuntimeView =>
    this.runtimes.get(id)?.snapshotRuntime(this.now()) ?? IDLE_RUNTIME;

  requireSpec(id: AgentId) {
    const spec = this.directory().spec(id);
    if (!spec) throw new CoreError('AGENT_NOT_FOUND', `no agent with id ${id}`, { agentId: id });
    return spec;
  }

  /** A System line to the conversation (recorded, shown, never delivered to an agent). */
  systemLine(content: string, extra: Pick<AgentMessage, 'budgetStop'> = {}): AgentMessage {
    const message = newMessage({
      from: { kind: 'system' },
      to: { kind: 'user' },
      content,
      hop: 0,
      nowMs: this.now(),
    });
    if (extra.budgetStop) message.budgetStop = extra.budgetStop;
    return this.messages.record(message);
  }

  /** The one path for status changes; join/leave notices when the running boundary is crossed. */
  setStatus(runtime: AgentRuntime, status: AgentStatus): void {
    const before = runtime.status;
    if (before === status) return;
    runtime.status = status;
    runtime.noteRunning(status === 'running' || status === 'starting', this.now());
    this.events.emit({ type: 'agentStatusChanged', agentId: runtime.id, status });
    const wasRunning = before === 'running';
    const isRunning = status === 'running';
    if (wasRunning === isRunning) return;
    if (isRunning) this.deps.lifecycle?.agentStarted(runtime.id);
    else this.deps.lifecycle?.agentStopped(runtime.id);
    const kind = isRunning ? 'started' : status === 'failed' ? 'failed' : 'stopped';
    this.systemLine(presenceNotice(runtime.id, this.labelName(runtime.id), kind, this.language()));
  }

  setTyping(runtime: AgentRuntime, active: boolean): void {
    runtime.typing = active;
    this.events.emit({ type: 'agentTyping', agentId: runtime.id, active });
  }

  async startAgent(id: AgentId): Promise<void> {
    const spec = this.requireSpec(id);
    const runtime = this.runtime(id);
    if (runtime.status === 'running' || runtime.status === 'starting' || runtime.status === 'stopping') {
      throw new CoreError('ALREADY_RUNNING', `${spec.name} is already running`, { agentId: id });
    }
    // A start first reaps what a failure left behind.
    runtime.lastError = null;
    for (const envelope of runtime.drain()) envelope.replyTo?.({ text: '', kind: 'undeliverable' });
    this.setStatus(runtime, 'starting');
    const template = this.world().templates.find((t) => t.id === spec.modelTemplateId);
    let failure: CoreError | null = null;
    try {
      if (!template)
        throw new CoreError('MODEL_TEMPLATE_NOT_FOUND', 'the servant has no model template', { agentId: id });
      await this.backendFor(template);
    } catch (error) {
      failure =
        error instanceof CoreError ? error : new CoreError('LLM_CONFIG', 'the model could not be set up');
    }
    // A stop or a deletion during the await wins: only a start still in progress may finish.
    const current = this.runtimes.get(id) === runtime && (runtime.status as AgentStatus) === 'starting';
    if (failure) {
      if (current) this.failAgent(runtime, failure);
      throw failure;
    }
    if (current) this.setStatus(runtime, 'running');
  }

  async stopAgent(id: AgentId): Promise<void> {
    const spec = this.requireSpec(id);
    const runtime = this.runtime(id);
    if (runtime.status !== 'running' && runtime.status !== 'starting') {
      throw new CoreError('NOT_RUNNING', `${spec.name} is not running`, { agentId: id });
    }
    await this.halt(runtime);
  }

  /** stop_agent goes through interrupt_turn: stopping, the inbox answered, the turn awaited, idle. */
  private async halt(runtime: AgentRuntime): Promise<void> {
    this.abortWaveRoots(runtime.id);
    this.setStatus(runtime, 'stopping');
    const turn = runtime.turn;
    if (turn && !turn.controller.signal.aborted) {
      turn.interruptRequestedAtMs = this.now();
      turn.controller.abort();
    }
    for (const envelope of runtime.drain()) envelope.replyTo?.({ text: '', kind: 'interrupted' });
    while (runtime.turn !== null) await new Promise((r) => setTimeout(r, 5));
    this.setStatus(runtime, 'idle');
  }

  /** The user speaks to one running agent; each such message is a new causal root with its own pool. */
  sendUserMessage(to: AgentId, content: string): AgentMessage {
    this.requireSpec(to);
    if (content.trim() === '') throw new CoreError('INVALID_ARGUMENT', 'the message is empty');
    this.sendTarget(to).check();
    return this.deliverUserMessage(to, content, null);
  }

  /**
   * The same with at most one attachment (the argument's shape allows no second). Empty content is
   * allowed only with an attachment. The order of the checks is attachment-send.ts's.
   */
  async sendUserMessageWithAttachment(
    to: AgentId,
    content: string,
    attachment: AttachmentInput | null,
  ): Promise<AgentMessage> {
    if (attachment === null) return this.sendUserMessage(to, content);
    return sendWithAttachment(this, this.sendTarget(to), attachment, (ref) =>
      this.deliverUserMessage(to, content, ref),
    );
  }

  /** The target checks of every send entry (exists, running, inbox) and its wire. */
  sendTarget(to: AgentId): AttachmentSendTarget {
    return {
      check: () => {
        const spec = this.requireSpec(to);
        const runtime = this.runtime(to);
        if (runtime.status !== 'running') {
          throw new CoreError('NOT_RUNNING', `${spec.name} is not running`, { agentId: to });
        }
        if (runtime.queued >= this.config.mailboxCapacity) {
          throw new CoreError('MAILBOX_FULL', `${spec.name}'s inbox is full`, { agentId: to });
        }
      },
      provider: () => {
        const spec = this.requireSpec(to);
        const template = this.world().templates.find((t) => t.id === spec.modelTemplateId);
        return template ? effectiveProvider(template) : null;
      },
    };
  }

  /** Records and enqueues a checked user message (synchronously: nothing comes between). */
  private deliverUserMessage(to: AgentId, content: string, attachment: AttachmentRef | null): AgentMessage {
    const runtime = this.runtime(to);
    const message = newMessage({
      from: { kind: 'user' },
      to: { kind: 'agent', id: to },
      content,
      hop: 0,
      nowMs: this.now(),
      ...(attachment === null ? {} : { attachments: [attachment] }),
    });
    this.messages.record(message);
    runtime.enqueue(this.rootEnvelope(message));
    return message;
  }

  /**
   * A schedule's delivery (ledger `deliver_scheduled` / `redeliver_for_acceptance`): from System at
   * hop 0, a causal root like a user message. `budget` undefined starts a new pool; an acceptance
   * re-request passes the firing's pool (same wallet). Resolves when the target's turn is over; the
   * participants set then holds every agent that ran for it through ask or plan.
   */
  deliverScheduled(
    to: AgentId,
    content: string,
    options: { budget?: BudgetPool | null; autoApprovePlans: boolean },
  ): ScheduledDelivery {
    const spec = this.requireSpec(to);
    const runtime = this.runtime(to);
    if (runtime.status !== 'running') {
      throw new CoreError('NOT_RUNNING', `${spec.name} is not running`, { agentId: to });
    }
    const message = newMessage({
      from: { kind: 'system' },
      to: { kind: 'agent', id: to },
      content,
      hop: 0,
      nowMs: this.now(),
    });
    const root = this.rootEnvelope(message);
    const participants = new Set<AgentId>();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const envelope: Envelope = {
      ...root,
      budget: options.budget === undefined ? root.budget : options.budget,
      autoApprovePlans: options.autoApprovePlans,
      participants,
      onSettled: settle,
    };
    if (!runtime.enqueue(envelope)) {
      throw new CoreError('MAILBOX_FULL', `${spec.name}'s inbox is full`, { agentId: to });
    }
    this.messages.record(message);
    return { message, budget: envelope.budget, participants, settled };
  }

  /** A new causal root: fresh budget pool, fresh signal, nobody waiting. */
  rootEnvelope(message: AgentMessage): Envelope {
    const ceiling = this.world().tokenBudget;
    return {
      incoming: message,
      replyTo: null,
      waiting: [],
      budget: ceiling === null ? null : new BudgetPool(ceiling),
      signal: new AbortController().signal,
      coRecipients: [],
    };
  }

  /** Interrupts the agent's in-flight turn (and through it every worker it waits on). */
  interruptTurn(id: AgentId): boolean {
    this.requireSpec(id);
    const waves = this.abortWaveRoots(id);
    const turn = this.runtimes.get(id)?.turn;
    // True only for a turn that will end as interrupted: one that has taken its exit is too late.
    if (!turn || turn.settled || turn.controller.signal.aborted) return waves;
    turn.interruptRequestedAtMs = this.now();
    turn.controller.abort();
    return true;
  }

  /** A new abort root for a wave dispatched after review by `coordinator`. */
  waveRoot(coordinator: AgentId): AbortController {
    const controller = new AbortController();
    const set = this.waveRoots.get(coordinator) ?? new Set<AbortController>();
    set.add(controller);
    this.waveRoots.set(coordinator, set);
    return controller;
  }

  releaseWaveRoot(coordinator: AgentId, controller: AbortController): void {
    this.waveRoots.get(coordinator)?.delete(controller);
  }

  /** Cuts the dispatched waves of `coordinator`; true when there was one. */
  private abortWaveRoots(coordinator: AgentId): boolean {
    const set = this.waveRoots.get(coordinator);
    if (!set || set.size === 0) return false;
    for (const controller of set) controller.abort();
    set.clear();
    return true;
  }

  interruptAll(): number {
    let count = 0;
    for (const id of this.runtimes.keys()) {
      if (this.directory().spec(id) && this.interruptTurn(id as AgentId)) count += 1;
    }
    return count;
  }

  /** Exit 2b: an envelope whose chain was interrupted before it started. */
  foldEnvelope(runtime: AgentRuntime, envelope: Envelope): void {
    envelope.replyTo?.({ text: '', kind: runtime.status === 'running' ? 'interrupted' : 'undeliverable' });
    const requester =
      envelope.replyTo && envelope.incoming.from.kind === 'agent' ? envelope.incoming.from.id : null;
    this.log.note(turnFoldedLine({ agent: runtime.id, hop: envelope.incoming.hop, replyTo: requester }));
  }

  /** The turn could not even start (no template, no backend): no turn line, no record. */
  failBeforeTurn(runtime: AgentRuntime, envelope: Envelope, error: CoreError): void {
    envelope.replyTo?.({ text: error.message, kind: 'no_answer' });
    this.systemLine(turnFailedText(this.text(this.language()), this.labelName(runtime.id), error));
    if (this.errorStopsAgent(error)) this.failAgent(runtime, error);
  }

  errorStopsAgent(error: CoreError): boolean {
    return FATAL_CODES.has(error.code) || this.fatal.has(error);
  }

  /** Marks errors from an LLM failure that needs a person (auth, billing, unknown model). */
  markFatal(error: CoreError): CoreError {
    this.fatal.add(error);
    return error;
  }

  failAgent(runtime: AgentRuntime, error: CoreError): void {
    runtime.lastError = error.toPayload();
    this.setStatus(runtime, 'failed');
    this.events.emit({ type: 'agentFailed', agentId: runtime.id, error: error.toPayload() });
  }

  /** An agent is being deleted: stop it like stop_agent (notice included), then forget its runtime. */
  async forgetAgent(id: AgentId): Promise<void> {
    const runtime = this.runtimes.get(id);
    if (!runtime) return;
    if (runtime.status === 'running' || runtime.status === 'starting') await this.halt(runtime);
    for (const envelope of runtime.drain()) envelope.replyTo?.({ text: '', kind: 'undeliverable' });
    this.runtimes.delete(id);
  }

  /** Whether any agent has a turn running or waiting (session switches are refused then). */
  anyTurnInFlight(): boolean {
    return [...this.runtimes.values()].some((r) => r.busy);
  }

  /**
   * Replaces the conversation: the shared log and every agent's history (nothing else: status,
   * counters and Memory.md stay). Announces `conversationCleared`; the caller follows with
   * `sessionSwitched` when a session store is behind it.
   */
  loadConversation(
    messages: AgentMessage[],
    histories: Map<string, { sent: string; replied: string }[]>,
    summaries: Map<string, string> = new Map(),
  ): void {
    this.messages.clear();
    for (const message of messages.slice(-this.config.logCapacity)) this.messages.restore(message);
    for (const runtime of this.runtimes.values()) {
      runtime.history = [];
      runtime.summary = null;
    }
    for (const [agentId, text] of summaries) {
      if (this.world().agents.some((a) => a.id === agentId)) this.runtime(agentId as AgentId).summary = text;
    }
    for (const [agentId, history] of histories) {
      if (!this.world().agents.some((a) => a.id === agentId)) {
        this.log.warn(`session: history of deleted agent ${agentId} dropped`);
        continue;
      }
      this.runtime(agentId as AgentId).history = [...history];
    }
    this.events.emit({ type: 'conversationCleared' });
  }

  /** `agentStatsUpdated` every second for running agents. */
  startTicker(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      for (const runtime of this.runtimes.values()) {
        if (runtime.status !== 'running' && runtime.status !== 'starting') continue;
        const view = runtime.snapshotRuntime(this.now());
        this.events.emit({
          type: 'agentStatsUpdated',
          agentId: runtime.id,
          uptimeSecs: view.uptimeSecs,
          totalTokens: view.totalTokens,
          promptTokens: view.promptTokens,
          cachedTokens: view.cachedTokens,
          lastPromptTokens: view.lastPromptTokens,
        });
      }
    }, this.config.statsIntervalMs);
    this.ticker.unref();
  }

  /** Stops the village: no queued turn starts, running turns are interrupted and awaited. */
  async close(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    await Promise.all(
      [...this.runtimes.values()]
        .filter((r) => r.status === 'running' || r.status === 'starting')
        .map((r) => this.halt(r)),
    );
  }
}
