import { charCount, headChars } from '../domain/chars.ts';
import type { Language } from '../domain/enums.ts';
import { SESSION_RENAME_MAX_CHARS } from '../domain/session.ts';

/*
 * A fork's title (issue 22: a fork has a title of its own; the ledger keeps the source's title and
 * quotes no wording, so the words are the issue's). One suffix, counted: "X (fork)", a fork of that
 * "X (fork 2)", then "(fork 3)"; Japanese in full-width brackets like the app's other Japanese lines,
 * "X（分岐）", "X（分岐 2）". A trial saw "show me markdown (fork) (fork)" after edit then regenerate.
 */

/** The suffix for the `n`th fork in a line of forks (n >= 1). */
function forkSuffix(n: number, language: Language): string {
  const count = n === 1 ? '' : ` ${n}`;
  return language === 'ja' ? `（分岐${count}）` : ` (fork${count})`;
}

/**
 * A fork suffix at the end of a title, in either language and either bracket width (a village's
 * language can change, and older forks were titled " (分岐)" half-width). A number of more than six
 * digits is not taken for a count: such a title was written by hand.
 */
const FORK_SUFFIX_AT_END = /\s*(?:\((?:fork|分岐)(?: (\d{1,6}))?\)|（(?:fork|分岐)(?: (\d{1,6}))?）)$/u;

/** The source title without its fork suffix, and how many forks deep it already is. */
function splitForkSuffix(title: string): { base: string; depth: number } {
  const match = FORK_SUFFIX_AT_END.exec(title);
  if (match === null) return { base: title, depth: 0 };
  const digits = match[1] ?? match[2];
  return { base: title.slice(0, match.index), depth: digits === undefined ? 1 : Number(digits) };
}

/**
 * The fork's title: the source's with one counted fork suffix, cut inside the rename limit (the
 * source's words are cut, never the suffix). An untitled source gives an untitled fork: it then takes
 * the first request's.
 */
export function forkTitle(sourceTitle: string, language: Language): string {
  if (sourceTitle === '') return '';
  const { base, depth } = splitForkSuffix(sourceTitle);
  const suffix = forkSuffix(depth + 1, language);
  const room = SESSION_RENAME_MAX_CHARS - charCount(suffix);
  return `${headChars(base, room)}${suffix}`.trim();
}
