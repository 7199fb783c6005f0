/**
 * The room log (広場ログ, ledger part 4 `room_log` / `room_log_pull`): what was said among the others,
 * as background only — it never triggers a turn. One visibility predicate serves the excerpt and the
 * `room_log` tool; the window and the excerpt length belong to the excerpt alone.
 *
 * Visible: sent by an agent (never a user utterance — the user chose the audience; never System or an
 * external client), and the reader is neither its sender nor a recipient (its own side is already in
 * its history; a broadcast the reader also received counts as received).
 *
 * The excerpt says it is one: the heading gives the window and the cut length, a cut line ends with
 * 「…(全 N 字)」 and starts with its ID, and when a line was cut a last line tells how to read the full
 * text. Bodies are defused and folded to one line, so a body can neither forge an envelope nor a line.
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { AgentMessage, Endpoint } from '../../domain/message.ts';
import { attachmentNote } from './attachment-note.ts';
import { defuse, stripLabel } from './envelope.ts';
import { displayId, ID_PREFIX_LENGTHS } from './room-log-ids.ts';
import { charCount, formatCount, headChars, oneLine } from './text.ts';

export const ROOM_LOG_WINDOW = 12;
export const ROOM_LOG_EXCERPT_CHARS = 200;

/** How an endpoint is named: pass the same resolver the envelope uses (`senderLabel`). */
export type EndpointLabel = (endpoint: Endpoint) => string;

export function isVisibleInRoomLog(reader: AgentId, message: AgentMessage): boolean {
  if (message.from.kind !== 'agent' || message.from.id === reader) return false;
  if (message.to.kind === 'agent' && message.to.id === reader) return false;
  return !(message.coRecipients ?? []).includes(reader);
}

interface RoomLogTexts {
  heading: (window: string, chars: string) => string;
  cut: (total: string) => string;
  hint: string;
}

export const ROOM_LOG_TEXTS: Record<Language, RoomLogTexts> = {
  ja: {
    heading: (window, chars) => `## 広場ログ（直近 ${window} 件まで・各行は先頭 ${chars} 字の抜粋）`,
    cut: (total) => `…(全 ${total} 字)`,
    hint: '全文が要るなら `room_log` ツールで行頭の ID を指定してください。',
  },
  en: {
    heading: (window, chars) =>
      `## Room log (up to the latest ${window} messages; each line is an excerpt of its first ${chars} characters)`,
    cut: (total) => `…(${total} characters in full)`,
    hint: 'For the full text of a cut line, call the `room_log` tool with the ID at the start of that line.',
  },
};

/** `A → B` with both labels made safe for one line. */
export function routeLabel(message: AgentMessage, labelOf: EndpointLabel): string {
  return `${stripLabel(labelOf(message.from))} → ${stripLabel(labelOf(message.to))}`;
}

/**
 * What the excerpt reads from the log, so a turn need not filter and copy all of it (issue 24); the
 * message log provides it, and `roomLogOf` makes one of a plain list.
 */
export interface RoomLogSource {
  /** The messages sent by an agent (the only ones that can be visible), newest first. */
  agentSentNewestFirst(): Iterable<AgentMessage>;
  /** Every message whose lowercased id starts with `prefix` (lowercase). */
  withIdPrefix(prefix: string): readonly AgentMessage[];
}

export function roomLogOf(log: readonly AgentMessage[]): RoomLogSource {
  return {
    *agentSentNewestFirst() {
      for (let i = log.length - 1; i >= 0; i -= 1) if (log[i]!.from.kind === 'agent') yield log[i]!;
    },
    withIdPrefix: (prefix) => log.filter((m) => m.id.toLowerCase().startsWith(prefix)),
  };
}

/** The section, or null when nothing is visible. */
export function composeRoomLog(
  log: readonly AgentMessage[] | RoomLogSource,
  reader: AgentId,
  labelOf: EndpointLabel,
  language: Language,
  window: number = ROOM_LOG_WINDOW,
  excerptChars: number = ROOM_LOG_EXCERPT_CHARS,
): string | null {
  const texts = ROOM_LOG_TEXTS[language];
  const source = isSource(log) ? log : roomLogOf(log);
  const shown = window <= 0 ? [] : latestVisible(source, reader, window);
  if (shown.length === 0) return null;
  let anyCut = false;
  const lines = shown.map((message) => {
    const total = charCount(message.content);
    const cut = total > excerptChars;
    anyCut ||= cut;
    const body = oneLine(defuse(cut ? headChars(message.content, excerptChars) : message.content));
    const head = cut ? `[${shownId(source, reader, message)}] ` : '';
    const tail = cut ? texts.cut(formatCount(total)) : '';
    const note = attachmentNote(message.attachments, language);
    return `${head}${routeLabel(message, labelOf)}: ${note}${body}${tail}`;
  });
  const heading = texts.heading(formatCount(window), formatCount(excerptChars));
  const section = [heading, ...lines].join('\n');
  return anyCut ? `${section}\n\n${texts.hint}` : section;
}

function isSource(log: readonly AgentMessage[] | RoomLogSource): log is RoomLogSource {
  return !Array.isArray(log);
}

/** The last `window` visible messages, oldest first: read from the newest back, no further. */
function latestVisible(source: RoomLogSource, reader: AgentId, window: number): AgentMessage[] {
  const shown: AgentMessage[] = [];
  for (const message of source.agentSentNewestFirst()) {
    if (!isVisibleInRoomLog(reader, message)) continue;
    shown.push(message);
    if (shown.length === window) break;
  }
  return shown.reverse();
}

/**
 * The id as `displayId` shows it among every visible message: only messages sharing its first
 * characters can collide, so those are the only ones looked at.
 */
function shownId(source: RoomLogSource, reader: AgentId, message: AgentMessage): string {
  // An id no longer than the shortest prefix is shown whole, whatever else there is.
  if (message.id.length <= ID_PREFIX_LENGTHS[0]) return displayId(message, []);
  const prefix = message.id.slice(0, ID_PREFIX_LENGTHS[0]).toLowerCase();
  const rivals = source.withIdPrefix(prefix).filter((m) => isVisibleInRoomLog(reader, m));
  return displayId(message, rivals);
}
