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
  | { kind: 'tool'; key: string; run: ToolRun };

export interface ChatRowOptions {
  /** Rows at or before this time are hidden by "clear view" (`fuseforks.chatCleared.v1`). */
  clearedAtMs: number | null;
  /** `showPresenceNotices`: join/leave notices can be hidden; failure stops never are. */
  showPresenceNotices: boolean;
  /** 「ツール実行ログを会話で非表示にする」: tool rows left out whole. */
  hideToolLog?: boolean;
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

/** Messages and tool runs on one time scale, oldest first, after the view filters. */
export function buildChatRows(
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
      last.recipients.push(m.to);
      return;
    }
    rows.push({ kind: 'message', key: m.id, message: m, recipients: [m.to] });
  };
  const addRun = (r: ToolRun) => rows.push({ kind: 'tool', key: `tool-${r.key}`, run: r });

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
  return last.kind === 'tool' ? last.run.tsMs : last.message.tsMs;
}
