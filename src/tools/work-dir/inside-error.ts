import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from './texts.ts';

/**
 * Why an inside-fs op refused at the last moment: `escaped` — the object opened is not inside the work
 * folder, or a component turned into a link after it was checked (a race with another process);
 * `hard_linked` — the file to write has more than one name, so it may be an outside file's alias.
 */
export class InsideError extends Error {
  readonly code: 'ESCAPED' | 'HARD_LINKED';

  constructor(
    readonly problem: 'escaped' | 'hard_linked',
    readonly links = 1,
  ) {
    super(problem === 'escaped' ? 'the path left the work folder' : `the file has ${links} hard links`);
    this.code = problem === 'escaped' ? 'ESCAPED' : 'HARD_LINKED';
  }
}

export const escaped = (): InsideError => new InsideError('escaped');

/** The result text for an InsideError about `rel`, or null for any other failure. */
export function insideFailure(error: unknown, rel: string, language: Language): string | null {
  if (!(error instanceof InsideError)) return null;
  const T = workDirTexts(language);
  return error.problem === 'escaped' ? T.swapped(rel) : T.hardLinked(rel, error.links);
}
