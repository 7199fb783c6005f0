/**
 * The pure side of conversation search (issue 22): what is indexed, how a query becomes an FTS5
 * phrase or a LIKE pattern, and the snippet around a match.
 */
import { charCount } from '../domain/chars.ts';
import { SEARCH_SNIPPET_CHARS, type SessionSearchHit } from '../domain/session.ts';

/** The trigram tokenizer indexes runs of three characters: a shorter query cannot use the index. */
export const TRIGRAM_MIN_CHARS = 3;

/**
 * The text a message record contributes to the index: user and agent messages only (system lines
 * and outside clients' texts are not conversation content one looks for); null when nothing.
 * Read defensively: the body is parsed from the file, never trusted.
 */
export function searchableText(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const { from, content } = message as { from?: { kind?: unknown }; content?: unknown };
  if (from?.kind !== 'user' && from?.kind !== 'agent') return null;
  if (typeof content !== 'string' || content.trim() === '') return null;
  return content;
}

/** The query as one FTS5 phrase (a double quote doubled): never FTS5 syntax, whatever it contains. */
export function ftsPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** `%query%` with LIKE's own characters escaped by `\`. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function usesTrigramIndex(query: string): boolean {
  return charCount(query) >= TRIGRAM_MIN_CHARS;
}

/**
 * Where `query` is in `text`, case-insensitively as the index matched it; null when it cannot be
 * placed (case folding that changes lengths: the hit is still shown, unmarked).
 */
export function findMatch(text: string, query: string): { start: number; end: number } | null {
  const exact = text.indexOf(query);
  if (exact >= 0) return { start: exact, end: exact + query.length };
  const lowerText = text.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerText.length !== text.length || lowerQuery.length !== query.length) return null;
  const folded = lowerText.indexOf(lowerQuery);
  return folded < 0 ? null : { start: folded, end: folded + query.length };
}

/** Steps an offset off the second half of a surrogate pair, so a cut never splits a character. */
function onBoundary(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  return offset > 0 && offset < text.length && code >= 0xdc00 && code <= 0xdfff ? offset - 1 : offset;
}

/**
 * About SEARCH_SNIPPET_CHARS UTF-16 units around the match, line breaks as spaces, "…" where cut;
 * the match's offsets are into the returned text.
 */
export function snippetAround(text: string, query: string): SessionSearchHit['snippet'] {
  const match = findMatch(text, query);
  const flat = text.replace(/\r\n|\r|\n/g, (m) => ' '.repeat(m.length));
  const matchLength = match === null ? 0 : match.end - match.start;
  const room = Math.max(0, SEARCH_SNIPPET_CHARS - matchLength);
  const at = match?.start ?? 0;
  let from = onBoundary(flat, Math.max(0, at - Math.floor(room / 3)));
  const to = onBoundary(flat, Math.min(flat.length, Math.max(from + SEARCH_SNIPPET_CHARS, at + matchLength)));
  if (match !== null && to - from < SEARCH_SNIPPET_CHARS) {
    from = onBoundary(flat, Math.max(0, to - SEARCH_SNIPPET_CHARS));
  }
  const head = from > 0 ? '…' : '';
  const tail = to < flat.length ? '…' : '';
  const body = flat.slice(from, to);
  const shift = head.length - from;
  return match === null
    ? { text: `${head}${body}${tail}`, matchStart: head.length, matchEnd: head.length }
    : { text: `${head}${body}${tail}`, matchStart: match.start + shift, matchEnd: match.end + shift };
}
