/**
 * The roster (顔ぶれ, ledger part 4 `presence` P1.5; part 2 role_contract freezes 5–6): who this agent
 * can hand work to and in what state, one line per connection in `connected_agents` order (the order
 * the tools are offered in). It lives in the volatile part of the system prompt, after the stable
 * boundary and before Memory. Stopped agents stay listed; no connections, no section.
 *
 * Line: `agent_2 (ザリ・ロブステル) ［調査役］: 稼働中`, without a role `agent_2 (ザリ・ロブステル): 稼働中`
 * (an unresolvable role is omitted, never 「[不明]」). Only others' roles appear: the roster never lists
 * the agent itself, so an agent never sees its own role name.
 */
import type { AgentStatus, Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import { oneLine } from './text.ts';

export interface RosterEntry {
  id: AgentId;
  name: string;
  /** The role's display name; null when the agent has no role or the role no longer exists. */
  roleName: string | null;
  status: AgentStatus;
}

/** The status words (the UI's STATUS_LABELS vocabulary; the join/leave notices use the same words). */
export const STATUS_LABELS: Record<Language, Record<AgentStatus, string>> = {
  ja: {
    idle: '停止中',
    starting: '起動中',
    running: '稼働中',
    stopping: '停止処理中',
    failed: '失敗により停止',
  },
  en: {
    idle: 'stopped',
    starting: 'starting',
    running: 'running',
    stopping: 'stopping',
    failed: 'stopped after a failure',
  },
};

export const ROSTER_HEADING: Record<Language, string> = {
  ja: '## 今の顔ぶれ',
  en: '## Who is here now',
};

export function rosterLine(entry: RosterEntry, language: Language): string {
  const name = oneLine(entry.name);
  const role =
    entry.roleName === null || entry.roleName.trim() === '' ? null : oneLine(entry.roleName.trim());
  const roleText = role === null ? '' : language === 'ja' ? ` ［${role}］` : ` [${role}]`;
  return `${entry.id} (${name})${roleText}: ${STATUS_LABELS[language][entry.status]}`;
}

/** The section, or null when the agent has no connections (no empty heading). */
export function rosterSection(
  entries: readonly RosterEntry[],
  language: Language,
  selfId: AgentId | null = null,
): string | null {
  const others = entries.filter((entry) => entry.id !== selfId);
  if (others.length === 0) return null;
  return [ROSTER_HEADING[language], ...others.map((entry) => rosterLine(entry, language))].join('\n');
}
