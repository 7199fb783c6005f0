/**
 * The conversation list's paging and anchoring, apart from the DOM so it can be tested: which row
 * holds the view while older pages are put above it, when to ask for an older page, when the view
 * follows new rows, and how many arrived while the reader was scrolled up.
 */
import type { AgentMessage } from './types.ts';

/** Messages asked for per page (the server allows 1..500). */
export const MESSAGE_PAGE_SIZE = 200;
/** Closer than this to the top and an older page is asked for, before the reader reaches the edge. */
export const NEAR_TOP_PX = 600;
/** Within this of the bottom the reader is "at the latest": new rows are followed. */
export const PINNED_SLACK_PX = 80;

/** A laid-out row: where it starts and ends in the scrolled content (the virtualiser's items). */
export interface RowExtent {
  key: string | number | bigint;
  start: number;
  end: number;
}

/** The row at the top of the view and how far the view has scrolled into it. */
export interface ScrollAnchor {
  key: string;
  offset: number;
}

export function scrollAnchor(rows: readonly RowExtent[], scrollTop: number): ScrollAnchor | null {
  const first = rows.find((row) => row.end > scrollTop);
  return first === undefined ? null : { key: String(first.key), offset: scrollTop - first.start };
}

/** The scrollTop that puts the anchor row back where it was after rows were added above it. */
export function anchoredScrollTop(anchor: ScrollAnchor, rows: readonly RowExtent[]): number | null {
  const row = rows.find((r) => String(r.key) === anchor.key);
  return row === undefined ? null : Math.max(0, row.start + anchor.offset);
}

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** At the bottom (within the slack). A hidden pane (height 0) says nothing: the caller keeps its state. */
export function isPinned(m: ScrollMetrics): boolean | null {
  if (m.clientHeight <= 0) return null;
  return m.scrollHeight - m.scrollTop - m.clientHeight < PINNED_SLACK_PX;
}

/**
 * Ask for an older page: near the top, the server said there are more, none is on its way, and the
 * view is not cut by "clear view" (older rows would all be hidden, and the loads would never end).
 */
export function shouldLoadOlder(s: {
  scrollTop: number;
  clientHeight: number;
  hasMore: boolean;
  loading: boolean;
  viewCleared: boolean;
}): boolean {
  return s.clientHeight > 0 && s.scrollTop < NEAR_TOP_PX && s.hasMore && !s.loading && !s.viewCleared;
}

/** Puts an older page before the loaded messages, skipping any already there; how many were added. */
export function prependOlder(
  messages: readonly AgentMessage[],
  older: readonly AgentMessage[],
): { messages: AgentMessage[]; added: number } {
  const known = new Set(messages.map((m) => m.id));
  const fresh = older.filter((m) => !known.has(m.id));
  // A new array, not `unshift` on the reactive one: that moves 10,000 entries one tracked write at a
  // time, a visible share of the task that puts a page in (issue 22's scroll figure).
  return { messages: [...fresh, ...messages], added: fresh.length };
}

/**
 * Rows after `key` (the last row seen at the bottom): the "Jump to latest" count. Looked for from the
 * end, where it is: the new rows are few, the loaded ones may be 12,000.
 */
export function rowsAfter(rows: readonly { key: string }[], key: string | null): number {
  if (key === null) return 0;
  for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.key === key) return rows.length - 1 - i;
  return 0;
}

/**
 * The newest page fetched again (the events socket reconnected) joined to what is loaded: the older
 * pages the reader has scrolled through stay, and the page replaces everything from its oldest
 * message on (messages never change once sent; they are matched by id). When the page's oldest is
 * not among the loaded ones (a new conversation, or more arrived meanwhile than a page holds) the
 * page is all there is, and `keptOlder` is false so the caller takes the page's cursor too.
 */
export function mergeNewestPage(
  loaded: readonly AgentMessage[],
  page: readonly AgentMessage[],
): { messages: AgentMessage[]; keptOlder: boolean } {
  const oldest = page[0];
  const at = oldest === undefined ? -1 : loaded.findIndex((m) => m.id === oldest.id);
  if (at <= 0) return { messages: [...page], keptOlder: false };
  return { messages: [...loaded.slice(0, at), ...page], keptOlder: true };
}

/**
 * Requests this tab sent that have not come back as a row yet. Only those pull a scrolled-up view to
 * the bottom: a request arriving from elsewhere (the API, another tab) is new like any reply and
 * counts in "Jump to latest". Matched by text, the row's id being unknown until the event arrives
 * (it may come before the send's response); a handful at most are ever waiting.
 */
export class OwnSends {
  private readonly pending: string[] = [];

  note(content: string): void {
    this.pending.push(content);
    if (this.pending.length > 20) this.pending.shift();
  }

  /** True once for a row this tab sent (and forgets it); a failed send is claimed to forget it too. */
  claim(content: string): boolean {
    const at = this.pending.indexOf(content);
    if (at < 0) return false;
    this.pending.splice(at, 1);
    return true;
  }
}

/** The page's own sends (ChatInput notes them, ChatPane claims them). */
export const ownSends = new OwnSends();

/** Whether a new last row takes the view to the bottom: while pinned, or the person's own request. */
export function followsNewRow(
  pinned: boolean,
  last: { fromUser: boolean; content: string } | null,
  own: OwnSends,
): boolean {
  const mine = last !== null && last.fromUser && own.claim(last.content);
  return pinned || mine;
}
