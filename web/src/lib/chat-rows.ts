import type { StreamingReply } from './streaming-reply.ts';
import type { AgentMessage, Endpoint } from './types.ts';

/** What a tool row shows when opened (the core's stored `tool` record, previews bounded to 16 KB). */
export interface ToolCallDetail {
  argsPreview: string;
  argsChars: number;
  resultPreview: string;
  resultChars: number;
  /** The servant an `ask_*` / `transfer_to_*` call reached. */
  target?: string;
  /** A `run` call queued for approval: the request, so the row can offer the decision (issue 22). */
  approval?: { command: string; args: string[] };
}

/** A tool run as the conversation shows it (live from `toolInvoked`, or restored from the store). */
export interface ToolRun {
  key: string;
  agentId: string;
  tool: string;
  ok: boolean;
  reason: string | null;
  reasonState: string | null;
  tsMs: number;
  call?: ToolCallDetail;
}

export type ChatRow =
  | {
      kind: 'message';
      key: string;
      message: AgentMessage;
      /** Every recipient of the collapsed copies, in order (one for a plain message). */
      recipients: Endpoint[];
    }
  | { kind: 'tool'; key: string; run: ToolRun }
  /**
   * A reply streaming in, or stopped before its final message (issue 23). Keyed by the message id,
   * as its final message's row is: the virtual list keeps the measured height when one replaces the
   * other, so the bubble does not jump.
   */
  | { kind: 'stream'; key: string; reply: StreamingReply };

export interface ChatRowOptions {
  /** Rows at or before this time are hidden by "clear view" (`fuseforks.chatCleared.v1`). */
  clearedAtMs: number | null;
  /** `showPresenceNotices`: join/leave notices can be hidden; failure stops never are. */
  showPresenceNotices: boolean;
  /** 「ツール実行ログを会話で非表示にする」: tool rows left out whole. */
  hideToolLog?: boolean;
  /**
   * Replies streaming in or stopped (state.streams), as the reactive entries: a row's text follows
   * its entry. Absent: none.
   */
  streams?: readonly StreamingReply[];
}

const JOIN_LEAVE = [/が稼働を開始しました$/, /が停止しました$/, / started running$/, / stopped$/];
const FAILURE_STOP = [/が失敗により停止しました$/, / stopped due to a failure$/];

/** A System → User line that only says a servant started or stopped (failure stops excluded). */
export function isJoinLeaveNotice(message: AgentMessage): boolean {
  if (message.from.kind !== 'system' || message.to.kind !== 'user') return false;
  const text = message.content.trim();
  if (FAILURE_STOP.some((re) => re.test(text))) return false;
  return JOIN_LEAVE.some((re) => re.test(text));
}

export function endpointKey(endpoint: Endpoint): string {
  switch (endpoint.kind) {
    case 'agent':
      return `agent:${endpoint.id}`;
    case 'external':
      return `external:${endpoint.client}`;
    default:
      return endpoint.kind;
  }
}

/**
 * Broadcast and fan-out copies fold into one bubble (「〇〇 他X名」, ledger part 4): only consecutive
 * messages with the same sender, content and hop and no repeated recipient. A rephrasing or a resend
 * to the same recipient stays its own row.
 */
function canJoin(row: Extract<ChatRow, { kind: 'message' }>, next: AgentMessage): boolean {
  const first = row.message;
  return (
    endpointKey(first.from) === endpointKey(next.from) &&
    first.content === next.content &&
    first.hop === next.hop &&
    !row.recipients.some((r) => endpointKey(r) === endpointKey(next.to))
  );
}

function inTimeOrder(list: readonly { tsMs: number }[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.tsMs < list[i - 1]!.tsMs) return false;
  return true;
}

/** Messages, tool runs and streamed replies on one time scale, oldest first, after the view filters. */
export function buildChatRows(
  messages: readonly AgentMessage[],
  runs: readonly ToolRun[],
  options: ChatRowOptions,
): ChatRow[] {
  const rows = messageAndToolRows(messages, runs, options);
  const streams = options.streams ?? [];
  return streams.length === 0 ? rows : withStreams(rows, messages, streams, options.clearedAtMs);
}

/** A row's time: a growing reply's is "now", after everything. */
function rowTime(row: ChatRow): number {
  if (row.kind === 'tool') return row.run.tsMs;
  if (row.kind === 'message') return row.message.tsMs;
  return row.reply.stopped ? row.reply.tsMs : Infinity;
}

/**
 * The streamed replies put in: a stopped one where it began (after the rows of its millisecond), one
 * still streaming at the end, being the newest thing. One whose final message is loaded already (an
 * event missed, then a fetch) is that message. A handful at most, so each is placed by a walk back.
 */
function withStreams(
  rows: ChatRow[],
  messages: readonly AgentMessage[],
  streams: readonly StreamingReply[],
  clearedAtMs: number | null,
): ChatRow[] {
  const ids = new Set(messages.map((m) => m.id));
  for (const reply of streams) {
    if (ids.has(reply.messageId)) continue;
    if (reply.stopped && clearedAtMs !== null && reply.tsMs <= clearedAtMs) continue;
    const row: ChatRow = { kind: 'stream', key: reply.messageId, reply };
    const t = rowTime(row);
    let at = rows.length;
    while (at > 0 && rowTime(rows[at - 1]!) > t) at--;
    rows.splice(at, 0, row);
  }
  return rows;
}

/**
 * A message's or a tool run's own row, kept while the message (or run) is loaded: the rows are
 * rebuilt at every page put in and every new message, and handing the drawn rows the same objects
 * again spares their re-render (a new `recipients` array was a changed prop for every drawn row)
 * and the page 12,000 new objects each time (issue 22's scroll figure). Never changed once made:
 * a folded broadcast gets a row of its own.
 */
const messageRows = new WeakMap<AgentMessage, MessageRow>();
const toolRows = new WeakMap<ToolRun, ToolRow>();
type MessageRow = Extract<ChatRow, { kind: 'message' }>;
type ToolRow = Extract<ChatRow, { kind: 'tool' }>;

function messageRowOf(m: AgentMessage): MessageRow {
  let row = messageRows.get(m);
  if (row === undefined) {
    row = { kind: 'message', key: m.id, message: m, recipients: [m.to] };
    messageRows.set(m, row);
  }
  return row;
}

function toolRowOf(r: ToolRun): ToolRow {
  let row = toolRows.get(r);
  if (row === undefined) {
    row = { kind: 'tool', key: `tool-${r.key}`, run: r };
    toolRows.set(r, row);
  }
  return row;
}

function messageAndToolRows(
  messages: readonly AgentMessage[],
  runs: readonly ToolRun[],
  options: ChatRowOptions,
): ChatRow[] {
  const visible = (tsMs: number) => options.clearedAtMs === null || tsMs > options.clearedAtMs;
  const shownRuns = options.hideToolLog ? [] : runs.filter((r) => visible(r.tsMs));
  const rows: ChatRow[] = [];
  const addMessage = (m: AgentMessage) => {
    if (!visible(m.tsMs)) return;
    if (!options.showPresenceNotices && isJoinLeaveNotice(m)) return;
    const last = rows[rows.length - 1];
    if (last && last.kind === 'message' && canJoin(last, m)) {
      // A kept row is shared with the last build: the folded one is a copy.
      const folded = { ...last, recipients: [...last.recipients, m.to] };
      rows[rows.length - 1] = folded;
      return;
    }
    rows.push(messageRowOf(m));
  };
  const addRun = (r: ToolRun) => rows.push(toolRowOf(r));

  // Both lists are already in time order (pages and live events keep it), so they are merged in one
  // pass, at the same millisecond a message first: the rows are rebuilt at every page put in, and
  // sorting 12,000 wrapped items each time showed in the scroll figure (issue 22). A list out of
  // order (a clock stepped back) is sorted, stably, as it always was.
  if (!inTimeOrder(messages) || !inTimeOrder(shownRuns)) {
    const items: ({ t: number; m: AgentMessage } | { t: number; r: ToolRun })[] = [
      ...messages.map((m) => ({ t: m.tsMs, m })),
      ...shownRuns.map((r) => ({ t: r.tsMs, r })),
    ];
    items.sort((x, y) => x.t - y.t);
    for (const item of items)
      if ('r' in item) addRun(item.r);
      else addMessage(item.m);
    return rows;
  }
  let j = 0;
  for (const m of messages) {
    while (j < shownRuns.length && shownRuns[j]!.tsMs < m.tsMs) addRun(shownRuns[j++]!);
    addMessage(m);
  }
  while (j < shownRuns.length) addRun(shownRuns[j++]!);
  return rows;
}

/** Rows hidden by the view filter, for the "N hidden · show all" line. */
export function hiddenCount(
  messages: readonly AgentMessage[],
  runs: readonly ToolRun[],
  clearedAtMs: number | null,
): number {
  if (clearedAtMs === null) return 0;
  return (
    messages.filter((m) => m.tsMs <= clearedAtMs).length + runs.filter((r) => r.tsMs <= clearedAtMs).length
  );
}

/** "Clear view" cuts at the last visible row's time, never at `Date.now()` (ledger part 2 §1.2). */
export function clearCutoff(rows: readonly ChatRow[]): number | null {
  const last = rows[rows.length - 1];
  if (!last) return null;
  if (last.kind === 'stream') {
    // A growing reply is newer than anything: the cut is the row before it (it stays, and its
    // final message, stamped later, stays too). A stopped one has its own time.
    return last.reply.stopped ? last.reply.tsMs : clearCutoff(rows.slice(0, -1));
  }
  return last.kind === 'tool' ? last.run.tsMs : last.message.tsMs;
}
