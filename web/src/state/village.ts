import { markRaw, reactive } from 'vue';
import { MESSAGE_PAGE_SIZE, mergeNewestPage, prependOlder } from '../lib/chat-scroll.ts';
import { ApiError, type Api } from '../lib/api.ts';
import { openEventsSocket } from '../lib/events-socket.ts';
import type {
  AgentMessage,
  BootStatus,
  BootWarning,
  CoreEvent,
  ErrorPayload,
  PlanWaveRecord,
  SessionSummary,
} from '../lib/types.ts';
import {
  applyEvent,
  replayPatches,
  typingFromWorld,
  type EventOutcome,
  type Refetch,
} from './apply-event.ts';
import { closeIdleGaps, markGaps, type StreamingReply } from './streaming-replies.ts';
import type { McpStatusView, PendingListing, StoredToolCall, Toast, ToolRow, World } from './world.ts';
import { toolRowFromStored } from './world.ts';

export interface VillageState {
  /** `connecting` until the first state fetch; `booting` while the core opens the village. */
  phase: 'connecting' | 'booting' | 'ready' | 'failed';
  bootError: ErrorPayload | null;
  /** What the village runs without (conversations not saved, the log refused), from boot_status. */
  bootWarnings: BootWarning[];
  connected: boolean;
  world: World | null;
  messages: AgentMessage[];
  /** Paging of `messages` (issue 22): the newest page is fetched, older ones as the reader scrolls up. */
  /** `next` is the server's cursor for the page before the oldest loaded (a store seq past memory). */
  olderMessages: { hasMore: boolean; loading: boolean; next: string | number | null };
  toolRows: ToolRow[];
  typing: Record<string, boolean>;
  interrupting: Record<string, boolean>;
  /** See LiveState: replies streaming in, or stopped before their final message (issue 23). */
  streams: StreamingReply[];
  pending: PendingListing;
  waves: PlanWaveRecord[];
  mcp: McpStatusView | null;
  session: SessionSummary | null;
  /** See LiveState: bumped by each `sessionDeleted` (another window, the API, a pruned empty chat). */
  sessionsDeleted: number;
  planReviewBypass: boolean;
  toasts: Toast[];
}

/** `list_messages {page, toolCalls}`: a page of messages with the stored tool rows of its time range. */
interface MessagePage {
  messages: AgentMessage[];
  hasMore: boolean;
  next: string | number | null;
  toolCalls: StoredToolCall[];
}

export type ToastSink = (outcome: NonNullable<EventOutcome['toast']>) => void;

/** The village as the UI sees it: socket first, then fetch, then apply what arrived meanwhile. */
export class VillageStore {
  readonly state: VillageState = reactive({
    phase: 'connecting',
    bootError: null,
    bootWarnings: [],
    connected: false,
    world: null,
    messages: [],
    olderMessages: { hasMore: false, loading: false, next: null },
    toolRows: [],
    typing: {},
    interrupting: {},
    streams: [],
    pending: { agents: [], total: 0 },
    waves: [],
    mcp: null,
    session: null,
    sessionsDeleted: 0,
    planReviewBypass: false,
    toasts: [],
  }) as VillageState;

  private queued: CoreEvent[] | null = null;
  private closeSocket: (() => void) | null = null;
  private toastSeq = 0;
  onToast: ToastSink | null = null;

  constructor(readonly api: Api) {}

  start(): void {
    this.closeSocket = openEventsSocket(this.api.token, {
      onOpen: () => {
        this.state.connected = true;
        markGaps(this.state.streams);
        void this.refreshAll();
      },
      onEvent: (event) => {
        if (this.queued) this.queued.push(event);
        else this.apply(event);
      },
      onClose: () => {
        this.state.connected = false;
      },
    });
  }

  stop(): void {
    this.closeSocket?.();
  }

  /** Waits for the core to open the village, then fetches everything; events queue meanwhile. */
  async refreshAll(): Promise<void> {
    this.queued ??= [];
    try {
      const ready = await this.waitForBoot();
      if (!ready) return;
      // One surface that fails (say mcp_status) is reported and the others still load.
      const surfaces: Refetch[] = ['world', 'messages', 'pending', 'waves', 'mcp', 'session'];
      // Asked with the others, not after them: one round trip less before the page is drawn.
      const bypass = this.api.call<{ enabled: boolean }>('get_plan_review_bypass');
      bypass.catch(() => undefined);
      // Every reopen of the socket comes here: the older pages already loaded are kept (issue 22).
      const results = await Promise.allSettled(
        surfaces.map((r) => (r === 'messages' ? this.refetchMessages(true) : this.refetch(r))),
      );
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') return;
        // Without the world there is nothing to draw; anything else shows as a toast.
        if (surfaces[i] === 'world') throw result.reason;
        this.toastError(result.reason);
      });
      closeIdleGaps(this.state.streams, this.state.typing);
      this.state.planReviewBypass = (await bypass).enabled;
      this.state.phase = 'ready';
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'IPC_FAILED') this.toastError(error);
    } finally {
      const queued = this.queued ?? [];
      this.queued = null;
      for (const event of queued) this.apply(event);
    }
  }

  private async waitForBoot(): Promise<boolean> {
    for (;;) {
      const status = await this.api.call<BootStatus>('boot_status');
      this.state.bootWarnings = status.warnings ?? [];
      if (status.ready) return true;
      if (status.error) {
        this.state.phase = 'failed';
        this.state.bootError = status.error;
        return false;
      }
      if (this.state.phase === 'connecting') this.state.phase = 'booting';
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async retryBoot(): Promise<void> {
    this.state.bootError = null;
    this.state.phase = 'booting';
    const status = await this.api.call<BootStatus>('retry_boot');
    this.state.bootWarnings = status.warnings ?? [];
    if (status.error) {
      this.state.phase = 'failed';
      this.state.bootError = status.error;
      return;
    }
    await this.refreshAll();
  }

  apply(event: CoreEvent): void {
    for (const seen of this.sinceFetch) seen.push(event);
    const outcome = applyEvent(this.state, event, Date.now());
    for (const what of outcome.refetch) void this.refetch(what).catch((error) => this.toastError(error));
    if (outcome.toast && this.onToast) this.onToast(outcome.toast);
  }

  /** Events seen while a world or message fetch is on its way (one list per fetch). */
  private readonly sinceFetch = new Set<CoreEvent[]>();

  /** Stores a fetched snapshot, then re-applies what happened meanwhile, so no newer event is lost. */
  private async fetchThenReplay<T>(load: () => Promise<T>, put: (value: T) => void): Promise<void> {
    const seen: CoreEvent[] = [];
    this.sinceFetch.add(seen);
    try {
      put(await load());
      replayPatches(this.state, seen, Date.now());
    } finally {
      this.sinceFetch.delete(seen);
    }
  }

  /**
   * The newest page's stored tool rows replace the live ones (issue 22: rows survive reload, resume
   * and fork); rows that arrived live during the fetch are kept when the store does not have them,
   * and so are the rows of older pages a reconnect kept.
   */
  private putNewestToolRows(stored: StoredToolCall[], keptOlder: boolean, fromMs: number | null): void {
    const rows = stored.map((call, i) => toolRowFromStored(call, i));
    const newestMs = rows.at(-1)?.tsMs ?? -Infinity;
    const later = this.state.toolRows.filter((r) => r.tsMs > newestMs);
    const older = keptOlder && fromMs !== null ? this.state.toolRows.filter((r) => r.tsMs < fromMs) : [];
    this.state.toolRows = [...older, ...rows, ...later];
  }

  async refetch(what: Refetch): Promise<void> {
    const s = this.state;
    switch (what) {
      case 'world':
        return this.fetchThenReplay(
          () => this.api.call<World>('get_world'),
          (world) => {
            s.world = world;
            typingFromWorld(s);
          },
        );
      case 'messages':
        return this.refetchMessages(false);
      case 'pending':
        s.pending = await this.api.call<PendingListing>('list_pending_commands');
        return;
      case 'waves':
        s.waves = await this.api.call<PlanWaveRecord[]>('list_plan_waves');
        return;
      case 'mcp':
        s.mcp = await this.api.call<McpStatusView>('mcp_status');
        return;
      case 'session':
        s.session = await this.api.call<SessionSummary | null>('current_session');
        return;
    }
  }

  /**
   * The newest page. `keepLoaded` (a reconnect) joins it to the older pages already loaded, by id,
   * so the reader's place is kept; a switched or cleared conversation replaces them.
   */
  refetchMessages(keepLoaded: boolean): Promise<void> {
    const s = this.state;
    this.messagesGeneration += 1;
    const generation = this.messagesGeneration;
    let toolRows: (() => void) | undefined;
    const fetching = this.fetchThenReplay(
      // The page's tool rows come in the same answer: one round trip, and only the rows it shows
      // (issue 22's open figure).
      () =>
        this.api.call<MessagePage>('list_messages', { page: true, limit: MESSAGE_PAGE_SIZE, toolCalls: {} }),
      (page) => {
        const fresh = page.messages.map(markRaw);
        const merged = keepLoaded
          ? mergeNewestPage(s.messages, fresh)
          : { messages: fresh, keptOlder: false };
        s.messages = merged.messages;
        const fromMs = page.hasMore ? (page.messages[0]?.tsMs ?? null) : null;
        // After the replay: a live row seen during the fetch is kept only when the store lacks it.
        toolRows = () => this.putNewestToolRows(page.toolCalls, merged.keptOlder, fromMs);
        if (merged.keptOlder) return;
        s.olderMessages.hasMore = page.hasMore;
        s.olderMessages.next = page.next;
      },
    ).then(() => {
      if (generation === this.messagesGeneration) toolRows?.();
    });
    this.messagesFetch = fetching.catch(() => undefined);
    void this.messagesFetch.then(this.settleFirstConversation);
    return fetching;
  }

  /** The fetch of the newest page under way (or done): a search result waits for it before looking. */
  messagesFetch: Promise<void> = Promise.resolve();

  private settleFirstConversation: () => void = () => undefined;
  /**
   * Settles when the first fetch of the conversation has (its rows put, or failed): work the page can
   * do later, such as loading the bond map, waits for it so opening the app shows the chat first.
   */
  readonly firstConversation = new Promise<void>((resolve) => (this.settleFirstConversation = resolve));

  /**
   * Pages older messages in until `messageId` is loaded (a search result deep in the conversation),
   * at most `maxPages` pages so a message that is not there (deleted, another conversation) ends.
   */
  async loadUntilMessage(messageId: string, maxPages: number): Promise<boolean> {
    const s = this.state;
    for (let pages = 0; ; pages += 1) {
      if (s.messages.some((m) => m.id === messageId)) return true;
      if (pages >= maxPages || !s.olderMessages.hasMore) return false;
      // The list may be loading a page of its own as the reader scrolls: wait for it, not count it.
      while (s.olderMessages.loading) await new Promise((resolve) => setTimeout(resolve, 20));
      if (s.messages.some((m) => m.id === messageId)) return true;
      // Nothing added: a failure (already a toast) or a fresh fetch that replaced the list.
      if ((await this.loadOlderMessages()) === 0) return false;
    }
  }

  /** Bumped at each fresh fetch of the messages: an older page asked for before it is dropped. */
  private messagesGeneration = 0;

  /**
   * The page before the oldest loaded message, put in front; `beforeInsert` runs just before (the list
   * notes which row is at the top of its view, to keep it there). Messages are never changed once sent, so they are kept raw: 10,000 of them as deep
   * proxies would cost the page memory and time for nothing.
   */
  async loadOlderMessages(beforeInsert: () => void = () => undefined): Promise<number> {
    const s = this.state;
    const oldest = s.messages[0];
    if (s.olderMessages.loading || !s.olderMessages.hasMore || oldest === undefined) return 0;
    const generation = this.messagesGeneration;
    s.olderMessages.loading = true;
    try {
      // With the page's tool rows: from its oldest message (all older when it is the first) up to the
      // message that was oldest, whose own time was in the range already loaded.
      const page = await this.api.call<MessagePage>('list_messages', {
        before: s.olderMessages.next ?? oldest.id,
        limit: MESSAGE_PAGE_SIZE,
        toolCalls: { beforeMs: oldest.tsMs },
      });
      if (generation !== this.messagesGeneration) return 0;
      const stored = page.toolCalls;
      s.olderMessages.hasMore = page.hasMore;
      s.olderMessages.next = page.next;
      beforeInsert();
      // Whole arrays assigned, not unshifted: see prependOlder.
      s.toolRows = [...stored.map((call, i) => toolRowFromStored(call, i, 'older')), ...s.toolRows];
      const joined = prependOlder(s.messages, page.messages.map(markRaw));
      s.messages = joined.messages;
      return joined.added;
    } catch (error) {
      this.toastError(error);
      return 0;
    } finally {
      s.olderMessages.loading = false;
    }
  }

  /** Runs a command; a failure becomes a toast and `undefined` (the caller's state is untouched). */
  async run<T>(command: string, args: Record<string, unknown> = {}): Promise<T | undefined> {
    try {
      return await this.api.call<T>(command, args);
    } catch (error) {
      this.toastError(error);
      return undefined;
    }
  }

  /** Asks to interrupt a servant's turn; it stops at its next round boundary (ledger part 3, Spec 10). */
  async interrupt(agentId: string): Promise<void> {
    this.state.interrupting[agentId] = true;
    const result = await this.run<{ interrupted: boolean }>('interrupt_turn', { agentId });
    if (!result?.interrupted) delete this.state.interrupting[agentId];
  }

  toast(kind: Toast['kind'], text: string): void {
    // One of each at a time (issue 22: "started a new conversation" stacked): the same words again
    // replace the toast showing them, with a fresh timer.
    const same = this.state.toasts.findIndex((x) => x.kind === kind && x.text === text);
    if (same >= 0) this.state.toasts.splice(same, 1);
    const id = ++this.toastSeq;
    this.state.toasts.push({ id, kind, text });
    setTimeout(() => this.dismissToast(id), kind === 'error' ? 8000 : 5000);
  }

  dismissToast(id: number): void {
    const index = this.state.toasts.findIndex((t) => t.id === id);
    if (index >= 0) this.state.toasts.splice(index, 1);
  }

  /** Set by the app: turns an error into display text in the current language. */
  formatError: (payload: ErrorPayload) => string = (p) => p.message;

  toastError(error: unknown): void {
    const payload = error instanceof ApiError ? error.payload : null;
    this.toast('error', payload ? this.formatError(payload) : String((error as Error)?.message ?? error));
  }
}
