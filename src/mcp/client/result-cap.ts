import { charCount, headChars } from '../../domain/chars.ts';
import type { Language } from '../../domain/enums.ts';
import { MAX_OUTPUT_CHARS } from '../../tools/work-dir/limits.ts';

/** How much of one tools/call result reaches the model. */
export interface ResultLimits {
  /** Characters (code points) of one content block: never more than `file read` returns. */
  blockMax: number;
  /** Characters of the whole result, all blocks and notes together. */
  totalMax: number;
}

/** The context length a ToolContext without one stands for (the template default). */
const DEFAULT_CONTEXT_TOKENS = 128_000;
const TOTAL_MAX_CHARS = 4 * MAX_OUTPUT_CHARS;
const TOTAL_MIN_CHARS = 1_000;

/**
 * Tied to the agent's context length (issue 17): one result may fill at most a quarter of the window,
 * at 2 characters a token (between English, ~4, and Japanese, ~1), i.e. `contextLength / 2`
 * characters; and never more than four `file read` results (48,000), or one block more than one
 * (12,000), however large the window.
 */
export function mcpResultLimits(contextTokens = DEFAULT_CONTEXT_TOKENS): ResultLimits {
  const totalMax = Math.max(TOTAL_MIN_CHARS, Math.min(TOTAL_MAX_CHARS, Math.floor(contextTokens / 2)));
  return { blockMax: Math.min(MAX_OUTPUT_CHARS, totalMax), totalMax };
}

const n = (value: number) => value.toLocaleString('en-US');

type Scope = 'block' | 'result';

/** Says what was cut, the total, and what to do instead (ledger part 4: truncation discipline). */
const CUT_NOTE: Record<Language, (scope: Scope, total: number, shown: number) => string> = {
  ja: (scope, total, shown) =>
    `\n[切り詰めました: ${scope === 'block' ? 'このブロック' : '結果全体'}は ${n(total)} 字あり、先頭の ${n(shown)} 字だけを示しています（${n(total - shown)} 字を省略）。残りが必要なら、範囲を絞るかページを指定してツールを呼び直してください。]`,
  en: (scope, total, shown) =>
    `\n[cut: ${scope === 'block' ? 'this block' : 'the result'} has ${n(total)} characters; only the first ${n(shown)} are shown (${n(total - shown)} left out). If you need the rest, call the tool again for a narrower range or a page.]`,
};

/** The text within `max` code points, the note included; unchanged when it fits. */
export function capText(text: string, max: number, scope: Scope, language: Language): string {
  // A string of `max` UTF-16 units never has more than `max` code points.
  if (text.length <= max) return text;
  const total = charCount(text);
  if (total <= max) return text;
  // The note counts against the limit; its length barely depends on the figures in it.
  const noteChars = charCount(CUT_NOTE[language](scope, total, max));
  const shown = Math.max(0, max - noteChars);
  return headChars(text, shown) + CUT_NOTE[language](scope, total, shown);
}
