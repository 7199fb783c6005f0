/**
 * Join/leave notices and the section that carries them (ledger part 4 `presence`, Spec 06).
 * The roster is the authority on the current state; the notices add when it changed.
 *
 * A notice is recorded as a System -> User line when `set_status` crosses the running boundary, in the
 * language current at recording time. `compose_presence_notices` rebuilds its section every turn (in
 * the current language) from the room-log window of the raw log, outside the hearsRoomLog gate, and
 * picks only entries with from == System AND to == User: a scheduled delivery (System -> Agent) must
 * never leak into everyone's prompt (failures #89). Every System -> User line rides along (role
 * changes, truncations, budget notes...), which is why the heading is 「入退室と告知」.
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentMessage } from '../../domain/message.ts';
import { defuse } from './envelope.ts';
import { oneLine } from './text.ts';

export type PresenceKind = 'started' | 'stopped' | 'failed';

const NOTICE_TAIL: Record<Language, Record<PresenceKind, string>> = {
  ja: {
    started: 'が稼働を開始しました',
    stopped: 'が停止しました',
    failed: 'が失敗により停止しました',
  },
  en: {
    started: ' started running',
    stopped: ' stopped',
    failed: ' stopped due to a failure',
  },
};

/** 「{id}（{name}）が稼働を開始しました」 etc.; the failure reason is never included. */
export function presenceNotice(id: string, name: string, kind: PresenceKind, language: Language): string {
  const who = language === 'ja' ? `${id}（${oneLine(name)}）` : `${id} (${oneLine(name)})`;
  return `${who}${NOTICE_TAIL[language][kind]}`;
}

export const PRESENCE_HEADING: Record<Language, string> = {
  ja: '## 入退室と告知（古い順）',
  en: '## Joins, leaves and notices (oldest first)',
};

/** A line addressed to the room as a whole, not a delivery. */
export function isPresenceEntry(message: AgentMessage): boolean {
  return message.from.kind === 'system' && message.to.kind === 'user';
}

/**
 * The section from raw log entries (oldest first), or null when there is nothing to tell. When
 * `window` is given only the last `window` raw entries are looked at; a caller that already sliced
 * the log to the room-log window can leave it out.
 */
export function presenceSection(
  messages: readonly AgentMessage[],
  language: Language,
  window?: number,
): string | null {
  const scope = window === undefined ? messages : window <= 0 ? [] : messages.slice(-window);
  const lines = scope
    .filter(isPresenceEntry)
    .map((message) => oneLine(defuse(message.content)).trim())
    .filter((text) => text !== '')
    .map((text) => `- ${text}`);
  if (lines.length === 0) return null;
  return [PRESENCE_HEADING[language], ...lines].join('\n');
}
