// The reference folders (ragSources) field of the servant settings: adding, removing and what each
// row shows (pure, no DOM). The core decides validity (check_rag_sources, the tool's own check); this
// file only shapes the list and maps the core's answer to what the person reads.

import type { RagSourceProblem } from './types.ts';

/** The command's bounds: a list beyond them cannot be checked in one call. */
export const MAX_RAG_SOURCES = 64;
export const MAX_RAG_SOURCE_CHARS = 4096;

/** i18n key suffixes under `agentSettings.rag.refused.*`. */
export type RagAddRefusal = 'empty' | 'duplicate' | 'tooMany' | 'tooLong';

/** i18n key suffixes under `agentSettings.rag.status.*`. */
export type RagSourceStatus = 'checking' | 'unchecked' | 'valid' | 'notAbsolute' | 'missing' | 'notFolder';

const isSeparator = (c: string | undefined) => c === '/' || c === '\\';

/**
 * The typed text as it is stored: surrounding spaces and trailing separators removed, so `/docs/`
 * and `/docs` are one folder. A root keeps its separator (`/`, `C:\`). Both `/` and `\` count as
 * separators: the page does not know the server's OS, and no real folder name ends in a backslash.
 */
export function normaliseRagSource(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  while (end > 1 && isSeparator(trimmed[end - 1])) end--;
  const cut = trimmed.slice(0, end);
  // `C:\` cut to `C:` would mean "the current folder of drive C", a relative path.
  return /^[A-Za-z]:$/.test(cut) && end < trimmed.length ? trimmed.slice(0, 3) : cut;
}

export type RagAddResult = { sources: string[]; added: string } | { refused: RagAddRefusal };

/**
 * Adds one typed path at the end. Refused when empty, already listed (compared after normalising,
 * stored entries included: a list written through the API may hold `/docs/`), too long for the
 * check, or when the list is full. A relative path is added: it is kept and marked, as the core
 * keeps an invalid root (ledger part 5 `rag`), so the person sees why it does nothing.
 */
export function addRagSource(sources: readonly string[], text: string): RagAddResult {
  const added = normaliseRagSource(text);
  if (added === '') return { refused: 'empty' };
  if (added.length > MAX_RAG_SOURCE_CHARS) return { refused: 'tooLong' };
  if (sources.some((s) => normaliseRagSource(s) === added)) return { refused: 'duplicate' };
  if (sources.length >= MAX_RAG_SOURCES) return { refused: 'tooMany' };
  return { sources: [...sources, added], added };
}

export function removeRagSource(sources: readonly string[], index: number): string[] {
  return sources.filter((_, i) => i !== index);
}

/** What one check_rag_sources call may carry: distinct, 1..4096 characters, at most 64. */
export function checkablePaths(sources: readonly string[]): string[] {
  const distinct = [...new Set(sources)];
  return distinct.filter((s) => s.length >= 1 && s.length <= MAX_RAG_SOURCE_CHARS).slice(0, MAX_RAG_SOURCES);
}

const STATUS_OF: Record<RagSourceProblem, RagSourceStatus> = {
  not_absolute: 'notAbsolute',
  missing: 'missing',
  not_folder: 'notFolder',
};

/**
 * One row's status from the latest answers (keyed by the declared string). No answer yet: checking
 * while a check is on its way, else unchecked (a path the check could not carry, or the check failed).
 */
export function ragSourceStatus(
  path: string,
  answers: ReadonlyMap<string, RagSourceProblem | null>,
  pending: boolean,
): RagSourceStatus {
  if (!answers.has(path)) return pending ? 'checking' : 'unchecked';
  const problem = answers.get(path) ?? null;
  return problem === null ? 'valid' : STATUS_OF[problem];
}

/** The core offers rag exactly when at least one declared folder is valid (ledger part 5 `rag`). */
export function ragOffered(
  sources: readonly string[],
  answers: ReadonlyMap<string, RagSourceProblem | null>,
): boolean {
  return sources.some((s) => answers.has(s) && answers.get(s) === null);
}

export function sameSources(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/** i18n key suffixes under `agentSettings.rag.advice.*`: what to do about one invalid row. */
export type RagSourceAdvice = 'missing' | 'tilde' | 'relative' | 'notFolder';

/**
 * What an invalid row needs, beside its status. Only a missing folder fixes itself (the row is kept
 * and works once the folder exists); a relative path, a `~` path (the core never expands `~`) or a
 * file never will, so those say what to write instead.
 */
export function ragSourceAdvice(path: string, status: RagSourceStatus): RagSourceAdvice | null {
  if (status === 'missing') return 'missing';
  if (status === 'notFolder') return 'notFolder';
  if (status === 'notAbsolute') return path.startsWith('~') ? 'tilde' : 'relative';
  return null;
}
