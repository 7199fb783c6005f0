/**
 * History as the model sees it (ledger part 5 history, part 2 `world::exchange_pair`, part 6
 * `prompt_cache`): each exchange is exactly the string that was sent (envelope and folded context
 * included) and the reply. One converter serves writing and restoring, so a restored conversation
 * replays byte for byte what was sent and the cached prefix survives a restart.
 */
import type { ChatMessage } from '../../llm/canonical.ts';

export const HISTORY_TURNS = 8;
/** An empty reply is replaced, never dropped: dropping breaks user/assistant alternation. */
export const NO_UTTERANCE = '（発言なし）';

export function exchangePair(sent: string, replied: string): [ChatMessage, ChatMessage] {
  return [
    { role: 'user', content: sent },
    { role: 'assistant', content: replied.trim() === '' ? NO_UTTERANCE : replied },
  ];
}

/** The last `historyTurns` exchanges (the sliding window), oldest first. */
export function windowHistory<T>(exchanges: readonly T[], historyTurns: number = HISTORY_TURNS): T[] {
  return historyTurns <= 0 ? [] : exchanges.slice(-historyTurns);
}
