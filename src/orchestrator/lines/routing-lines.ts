import type { AgentId } from '../../domain/ids.ts';
import { charCount, fieldValue } from './fields.ts';
import { isRefusal } from './refusal.ts';

/** `handoff: agent=… to=… hop=…`: a transfer itself (ledger part 2, allow_handoff_invariant). */
export function handoffLine({ agent, to, hop }: { agent: AgentId; to: AgentId; hop: number }): string {
  return ['handoff:', `agent=${fieldValue(agent)}`, `to=${fieldValue(to)}`, `hop=${hop}`].join(' ');
}

export interface ReplyFields {
  agent: AgentId;
  /** The requester waiting on reply_to, or `'user'` when the request had no reply_to (it came by transfer). */
  to: AgentId | 'user';
  hop: number;
  /** The answer; only its length and the refusal observation reach the line. */
  text: string;
}

/**
 * `reply: agent=… to=… hop=… chars=… refusal=yes|no`: where an answer went and whether it has the
 * form of a refusal. `chars=` and `refusal=` are both computed here from the text, so they cannot
 * disagree with it. `to=user` is the evidence of "a delivery without reply_to = a request that came
 * by transfer". `refusal=` is observation only (never used for delivery).
 */
export function replyLine({ agent, to, hop, text }: ReplyFields): string {
  return [
    'reply:',
    `agent=${fieldValue(agent)}`,
    `to=${fieldValue(to)}`,
    `hop=${hop}`,
    `chars=${charCount(text)}`,
    `refusal=${isRefusal(text) ? 'yes' : 'no'}`,
  ].join(' ');
}

export interface AskRefusedFields {
  agent: AgentId;
  to: AgentId;
  /** There is no `transfer`: a transfer is never refused. */
  via: 'ask' | 'plan';
  /** The waiting chain after appending the asker, oldest first. */
  chain: readonly AgentId[];
}

/**
 * `ask refused: agent=… to=… via=ask|plan reason=circular chain=[a,b,…]` (ledger part 4,
 * ask_cycle_contract): one line per refusal. The chain is comma-joined without spaces so it stays one
 * field.
 */
export function askRefusedLine({ agent, to, via, chain }: AskRefusedFields): string {
  return [
    'ask refused:',
    `agent=${fieldValue(agent)}`,
    `to=${fieldValue(to)}`,
    `via=${via}`,
    'reason=circular',
    `chain=[${chain.map((id) => fieldValue(id)).join(',')}]`,
  ].join(' ');
}

export interface TurnFoldedFields {
  agent: AgentId;
  hop: number;
  /** Who gets the `Reply { interrupted }`; absent when nobody waits. */
  replyTo?: AgentId | null;
}

/**
 * `turn folded: agent=… hop=… reply_to=…|-`: an envelope folded before its turn started (ledger part 3,
 * turn_interrupt 2b). Debug log only: nothing in the conversation, no history, no turnInterrupted.
 */
export function turnFoldedLine({ agent, hop, replyTo }: TurnFoldedFields): string {
  return ['turn folded:', `agent=${fieldValue(agent)}`, `hop=${hop}`, `reply_to=${fieldValue(replyTo)}`].join(
    ' ',
  );
}
