/**
 * What a probe run hands on as text: the appendix of a match (stdout lines 2+, at most 4,000
 * characters plus a note outside the limit) and the acceptance failure excerpt (500 characters).
 * Lengths are code points (domain/chars.ts), never bytes: a byte count would fire at a third of the
 * limit on Japanese text.
 */
import { charCount, headChars } from '../../domain/chars.ts';
import type { Language } from '../../domain/enums.ts';
import { ACCEPTANCE_EXCERPT_CHARS, PROBE_APPENDIX_CHARS, PROBE_STDOUT_CAPTURE_CHARS } from './limits.ts';
import { PROBE_TEXTS } from './texts.ts';

/**
 * The appendix for the delivered request, or null when lines 2+ hold nothing but whitespace (an empty
 * 【前判定の出力】 block would only cost tokens; going past the ledger, which does not say).
 * `captureCut`: the capture limit cut stdout, so the true total is unknown and the note says
 * "65,536 or more" instead of a number it does not know.
 */
export function appendixText(rest: string, captureCut: boolean, language: Language): string | null {
  if (rest.trim() === '') return null;
  const total = charCount(rest);
  const t = PROBE_TEXTS[language];
  if (captureCut) {
    return `${headChars(rest, PROBE_APPENDIX_CHARS)}\n${t.atLeastChars(PROBE_STDOUT_CAPTURE_CHARS)}`;
  }
  if (total <= PROBE_APPENDIX_CHARS) return rest;
  return `${headChars(rest, PROBE_APPENDIX_CHARS)}\n${t.totalChars(total)}`;
}

/**
 * The acceptance failure excerpt: the first 500 characters of stdout with newlines kept, or of
 * stderr when stdout is empty after a trim (a command that explains itself only on stderr).
 */
export function failureExcerpt(stdout: string, stderr: string): string {
  const source = stdout.trim() === '' ? stderr : stdout;
  return headChars(source, ACCEPTANCE_EXCERPT_CHARS);
}
