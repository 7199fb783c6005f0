import { charCount, headChars } from '../domain/chars.ts';
import type { Language } from '../domain/enums.ts';
import { SESSION_RENAME_MAX_CHARS } from '../domain/session.ts';

/** What a fork's title adds to its source's (issue 22: a fork has a title of its own). */
const FORK_SUFFIX: Record<Language, string> = { ja: ' (分岐)', en: ' (fork)' };

/**
 * "<source title> (fork)" / "<元の題> (分岐)", cut inside the rename limit (the source's title is cut,
 * never the suffix). An untitled source gives an untitled fork: it then takes the first request's.
 */
export function forkTitle(sourceTitle: string, language: Language): string {
  if (sourceTitle === '') return '';
  const suffix = FORK_SUFFIX[language];
  const room = SESSION_RENAME_MAX_CHARS - charCount(suffix);
  return `${headChars(sourceTitle, room)}${suffix}`;
}
