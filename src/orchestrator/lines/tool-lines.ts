import type { AgentId } from '../../domain/ids.ts';
import { charCount, fieldValue } from './fields.ts';
import { leakHead } from './leaked-tool-call.ts';

export interface ToolLineFields {
  agent: AgentId;
  tool: string;
  /** The tool returned Ok (not "the side effect succeeded": bundled tools return errors as Ok text). */
  ok: boolean;
  /** Characters of the arguments as sent (the JSON text). Only the count: arguments are never logged. */
  argsChars: number;
  /** Characters of the result body that goes into the history (the instrument's main purpose). */
  bodyChars: number;
  /**
   * Spec 27's count: after trimming, before the 60-character display clip (tool.ts `readReason`).
   * Absent (a tool that takes no reason) writes `-`.
   */
  reasonChars?: number | undefined;
}

/** `tool: agent=… tool=… ok=true|false args_chars=… body_chars=… reason_chars=…|-`: one per executed call. */
export function toolLine({ agent, tool, ok, argsChars, bodyChars, reasonChars }: ToolLineFields): string {
  return [
    'tool:',
    `agent=${fieldValue(agent)}`,
    `tool=${fieldValue(tool)}`,
    `ok=${ok}`,
    `args_chars=${argsChars}`,
    `body_chars=${bodyChars}`,
    `reason_chars=${reasonChars === undefined ? '-' : reasonChars}`,
  ].join(' ');
}

/** Why a call was not run. Closed: today only repeat_guard blocks a call. */
export type ToolBlockReason = 'repeat';

export interface ToolBlockedFields {
  agent: AgentId;
  tool: string;
  reason: ToolBlockReason;
}

/**
 * `tool blocked: agent=… tool=… reason=repeat`: repeat_guard did not run the call (same tool +
 * arguments + result twice). No counts: nothing ran and nothing was added to the history but the
 * short notice.
 */
export function toolBlockedLine({ agent, tool, reason }: ToolBlockedFields): string {
  return ['tool blocked:', `agent=${fieldValue(agent)}`, `tool=${fieldValue(tool)}`, `reason=${reason}`].join(
    ' ',
  );
}

/** `not_visible` may appear in the log only; the model sees it as not_found. */
export type RoomLogReadOutcome = 'ok' | 'truncated' | 'not_found' | 'not_visible' | 'ambiguous';

export interface RoomLogReadFields {
  agent: AgentId;
  /** The id (prefix) the model asked for. */
  id: string;
  outcome: RoomLogReadOutcome;
  /** Characters returned to the model (0 when nothing was). */
  chars: number;
}

/** Message ids are UUID v4 strings and the tool takes a prefix of one: hex digits and dashes. */
const ID_PREFIX = /^[0-9A-Fa-f-]{1,36}$/;

/**
 * `room_log read: agent=… id=… outcome=ok|truncated|not_found|ambiguous chars=N` (ledger part 4,
 * room_log_pull). The id comes from the model; anything that is not shaped like an id prefix is
 * written `?` so the argument cannot carry text into the log.
 */
export function roomLogReadLine({ agent, id, outcome, chars }: RoomLogReadFields): string {
  const shownId = id === '' ? '-' : ID_PREFIX.test(id) ? id : '?';
  return [
    'room_log read:',
    `agent=${fieldValue(agent)}`,
    `id=${shownId}`,
    `outcome=${outcome}`,
    `chars=${chars}`,
  ].join(' ');
}

export interface LeakedToolCallFields {
  agent: AgentId;
  round: number;
  /** The text about to be taken as final output; only its length and a safe head are written. */
  text: string;
}

/**
 * `text tool call leaked: agent=… round=… chars=… head=…` (ledger part 4, leaked_tool_call). `head=`
 * is {@link leakHead}: at most 40 characters on one line, cut before the first argument value. It is
 * the last field because it may contain spaces.
 */
export function leakedToolCallLine({ agent, round, text }: LeakedToolCallFields): string {
  const head = leakHead(text);
  return [
    'text tool call leaked:',
    `agent=${fieldValue(agent)}`,
    `round=${round}`,
    `chars=${charCount(text)}`,
    `head=${head === '' ? '-' : head}`,
  ].join(' ');
}
