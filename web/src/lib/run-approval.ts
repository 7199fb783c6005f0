/**
 * The inline approval of a `run` call in its chat row (issue 22): where the request stands
 * (`run_request_state`), what a decision returned, and the message that tells the servant.
 */
import type { PendingEntry } from '../state/world.ts';
import { segmentsText, shownArgv, shownPattern } from './shown-argv.ts';
import type { Language } from './types.ts';

/** The request as the call's stored record names it (approve_command / reject_command take it). */
export interface ApprovalRequest {
  command: string;
  args: string[];
}

export type RequestState = 'pending' | 'allowed' | 'denied' | 'gone' | 'broken';

export interface RequestStanding {
  state: RequestState;
  /** The listed entry (its reason, both pattern strings) while pending. */
  entry: PendingEntry | null;
}

export type DecisionResult =
  | { outcome: 'approved'; pattern: string; firstAllow: boolean; pendingLeft: number }
  | { outcome: 'rejected'; pattern: string; pendingLeft: number }
  | { outcome: 'not_found' }
  | { outcome: 'inexpressible' };

/**
 * The command line as plain text (aria-labels, titles): quoted and with invisible characters spelled
 * out (shown-argv.ts), so `rm "a b"` never reads as `rm a b`. The visible line is ShownCommand.vue.
 */
export function shownRequest(request: ApprovalRequest): string {
  return segmentsText(shownArgv(request.command, request.args));
}

/** A pattern to be stored, as plain text rendered the same way (a trailing `*` stays bare). */
export function shownPatternText(pattern: string): string {
  return segmentsText(shownPattern(pattern));
}

/**
 * The reasons a chat row shows: the call's own recorded one first (the row is that call), and the
 * pending entry's only when it differs: a later call of the same command gave another (run.json keeps
 * the latest non-empty one), and the person deciding sees that one too.
 */
export function rowReasons(
  recorded: string | null,
  entry: Pick<PendingEntry, 'reason'> | null,
): { own: string | null; latest: string | null } {
  const own = recorded?.trim() ? recorded : null;
  const latest = entry?.reason?.trim() ? entry.reason : null;
  return { own, latest: latest !== null && latest !== own ? latest : null };
}

/**
 * What the servant is told after an Allow in its chat row, in the village language (it reads it),
 * sent through the normal send path as the person's message. The ledger's approval flow only tells
 * the person ("can run from its next turn"); the servant's turn already ended on the refusal, so
 * without a message nothing would make it call again (issue 22: "the servant is told and can call
 * again"). A Deny tells nothing: deny is silent (ledger part 5 §1.2).
 */
export function approvedMessage(language: Language, pattern: string): string {
  return language === 'ja'
    ? `承認しました: \`${pattern}\`。もう一度 run を呼べます。`
    : `Approved: \`${pattern}\`. You can call run again.`;
}
