/**
 * The refusal observer behind `reply: … refusal=yes|no` (ledger part 2, allow_handoff_invariant:
 * "crate::refusal の 1 実装 — 先頭 80 字の窓 × 閉じた語彙表"). Observation only: it never changes
 * delivery, and it counts a *form* ("できません" is the right answer to some requests), not a failure.
 *
 * The ledger names the window (80 characters) and says the word list is closed, but the list itself
 * is not in the ledger. This one is a reconstruction: the one word the ledger quotes (できません), the
 * polite Japanese refusal endings around it, and the English refusal phrases of camel's
 * `validate_task_content`, which the ledger cites as the origin. Apologies alone (申し訳ありません /
 * "I'm sorry") are left out: they open refusals and successes alike. Changing the list is a spec
 * change: the tests pin it.
 */

/** The window: only the first 80 characters (code points) of the reply are looked at. */
export const REFUSAL_WINDOW_CHARS = 80;

/** Japanese refusal forms, matched as substrings of the NFKC-normalised window. */
export const REFUSAL_WORDS_JA: readonly string[] = [
  'できません',
  '出来ません',
  'かねます', // できかねます / いたしかねます / 致しかねます / 対応しかねます / わかりかねます
  'お断り',
  '控えさせて', // 回答は控えさせていただきます
  '不可能です',
  '無理です',
];

/**
 * English refusal phrases, matched case-insensitively (after NFKC and with ’ read as ') at a word
 * start, so "Ai cannot…" does not match "i cannot".
 */
export const REFUSAL_WORDS_EN: readonly string[] = [
  'i cannot',
  "i can't",
  'i can not',
  "i'm unable",
  'i am unable',
  "i'm not able to",
  'i am not able to',
  "i won't be able",
  'i will not be able',
  'i must decline',
  'unable to complete',
  'cannot be completed',
  'failed to complete',
  'task failed',
  'not possible',
  'impossible to',
  'cannot perform',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const EN_PATTERN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${REFUSAL_WORDS_EN.map(escapeRegExp).join('|')})`, 'u');

/** The first {@link REFUSAL_WINDOW_CHARS} characters after leading whitespace, normalised for matching. */
function refusalWindow(text: string): string {
  let window = '';
  let n = 0;
  for (const ch of text.trimStart()) {
    if (n === REFUSAL_WINDOW_CHARS) break;
    window += ch;
    n += 1;
  }
  return window
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/** True when the reply's first 80 characters contain a word from the closed list. */
export function isRefusal(text: string): boolean {
  const window = refusalWindow(text);
  if (window === '') return false;
  return REFUSAL_WORDS_JA.some((word) => window.includes(word)) || EN_PATTERN.test(window);
}
