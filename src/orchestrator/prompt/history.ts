/**
 * History as the model sees it (ledger part 5 history, part 2 `world::exchange_pair`, part 6
 * `prompt_cache`): each exchange is exactly the string that was sent (envelope and folded context
 * included) and the reply. One converter serves writing and restoring, so a restored conversation
 * replays byte for byte what was sent and the cached prefix survives a restart.
 */
import type { Language } from '../../domain/enums.ts';
import type { ChatMessage } from '../../llm/canonical.ts';

export const HISTORY_TURNS = 8;
/**
 * An empty reply is replaced, never dropped: dropping breaks user/assistant alternation. The model
 * and the person read it, so it follows the village language (Japanese as the ledger's push_exchange
 * quotes it; issue 22 for English villages).
 */
const NO_UTTERANCE: Record<Language, string> = { ja: '（発言なし）', en: '(no message)' };

export function noUtterance(language: Language): string {
  return NO_UTTERANCE[language];
}

export function exchangePair(sent: string, replied: string, language: Language): [ChatMessage, ChatMessage] {
  return [
    { role: 'user', content: sent },
    { role: 'assistant', content: replied.trim() === '' ? noUtterance(language) : replied },
  ];
}

/** The last `historyTurns` exchanges (the sliding window), oldest first. */
export function windowHistory<T>(exchanges: readonly T[], historyTurns: number = HISTORY_TURNS): T[] {
  return historyTurns <= 0 ? [] : exchanges.slice(-historyTurns);
}
