import { randomBytes } from 'node:crypto';
import type { AgentMessage } from '../domain/message.ts';
import type { SessionMeta } from '../domain/session.ts';
import { charCount } from '../domain/chars.ts';
import { SESSION_RENAME_MAX_CHARS, SESSION_TITLE_CHARS } from '../domain/session.ts';
import { invalidArgument, storeProblem } from './store-error.ts';
import { headChars } from './text.ts';
import { markdownPlainText } from './title-text.ts';

/** `{epoch_ms}-{short random}`: readable in time order, but never the sort key (updatedAt is). */
export function newSessionId(nowMs: number): string {
  return `${Math.trunc(nowMs)}-${randomBytes(4).toString('hex')}`;
}

export function clipTitle(title: string): string {
  return headChars(title, SESSION_TITLE_CHARS);
}

/** C0/C1 controls, and the bidirectional overrides and isolates that would reorder the list's text. */
const REFUSED_IN_TITLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** A title from `rename_session`: trimmed, 1..120 characters, no control characters (INVALID_ARGUMENT). */
export function renamedTitle(raw: string): string {
  const title = raw.trim();
  const chars = charCount(title);
  if (chars === 0 || chars > SESSION_RENAME_MAX_CHARS) {
    throw invalidArgument(`a title is 1 to ${SESSION_RENAME_MAX_CHARS} characters (after trimming)`);
  }
  if (REFUSED_IN_TITLE.test(title)) throw invalidArgument('a title may not contain control characters');
  return title;
}

/**
 * The title a session takes from a message: the first user message's first 30 characters, as the
 * ledger says, but of its readable text (issue 22 goes past the ledger here, and only here: Markdown
 * markup and HTML tags are stripped, whitespace collapsed; see title-text.ts). A request that is all
 * markup ("---") keeps its raw text, collapsed, rather than leave the session untitled.
 */
export function titleFrom(message: AgentMessage): string | null {
  if (message.from.kind !== 'user') return null;
  const readable = markdownPlainText(message.content);
  const title = clipTitle(readable !== '' ? readable : message.content.replace(/\s+/gu, ' ').trim());
  return title === '' ? null : title;
}

/**
 * The meta in the ledger's key order `{title, createdAt, updatedAt, parentId?, forkedAtSeq?,
 * recordCount}`; the fork fields only when present (an absent optional field is omitted, not null).
 */
export function buildMeta(fields: SessionMeta): SessionMeta {
  const { title, createdAt, updatedAt, parentId, forkedAtSeq, recordCount } = fields;
  return {
    title,
    createdAt,
    updatedAt,
    ...(parentId === undefined ? {} : { parentId }),
    ...(forkedAtSeq === undefined ? {} : { forkedAtSeq }),
    recordCount,
  };
}

export function encodeMeta(meta: SessionMeta): string {
  return JSON.stringify(buildMeta(meta));
}

export function decodeMeta(sessionId: string, text: string): SessionMeta {
  const bad = (why: string) =>
    storeProblem('read', `metadata of session ${JSON.stringify(sessionId.slice(0, 80))} ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad('is not an object');
  const fields = parsed as Record<string, unknown>;
  const number = (key: string): number => {
    const value = fields[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`has no number ${key}`);
    return value;
  };
  if (typeof fields.title !== 'string') throw bad('has no title');
  if (fields.parentId !== undefined && typeof fields.parentId !== 'string') throw bad('has a bad parentId');
  return buildMeta({
    title: fields.title,
    createdAt: number('createdAt'),
    updatedAt: number('updatedAt'),
    recordCount: number('recordCount'),
    parentId: fields.parentId as string | undefined,
    forkedAtSeq: fields.forkedAtSeq === undefined ? undefined : number('forkedAtSeq'),
  });
}
