import { ApiError } from './api.ts';
import type { AttachmentRef, ForkPoint, SessionSummary } from './types.ts';

/** The conversation list's pure rules (ledger part 1 §1.5 / `session_store`, part 3 §2.11). */

/** `SessionMeta.title` is the first 30 characters (not bytes) of the first user message. */
export const SESSION_TITLE_CHARS = 30;

/** Newest first by `updatedAt` (the core's "latest"); never by id or createdAt. Ties keep the given order. */
export function sortSessions(sessions: readonly SessionSummary[]): SessionSummary[] {
  return [...sessions].sort((a, b) => b.meta.updatedAt - a.meta.updatedAt);
}

/** The title to show, or null for a conversation with no user message yet (the caller shows a placeholder). */
export function sessionTitle(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return null;
  return Array.from(trimmed).slice(0, SESSION_TITLE_CHARS).join('');
}

export interface ForkOrigin {
  parentId: string;
  /** The parent's title; null when the parent has no title yet or was deleted. */
  parentTitle: string | null;
  /** False when the parent is no longer listed (deleted). */
  parentListed: boolean;
  /** When the parent started (a fork and its parent share a title at first); null when deleted. */
  parentCreatedAt: number | null;
}

/** What a fork came from; null for a session that is not a fork. */
export function forkOrigin(session: SessionSummary, all: readonly SessionSummary[]): ForkOrigin | null {
  const parentId = session.meta.parentId;
  if (parentId === undefined) return null;
  const parent = all.find((s) => s.id === parentId);
  return {
    parentId,
    parentTitle: parent ? sessionTitle(parent.meta.title) : null,
    parentListed: parent !== undefined,
    parentCreatedAt: parent ? parent.meta.createdAt : null,
  };
}

/** The window event the chat input listens to: fill the draft and pick the recipient, never send. */
export const COMPOSE_EVENT = 'fuseforks:compose';

export interface ComposeDetail {
  /** The original text, newlines kept, not truncated (never rebuilt from the preview). */
  text: string;
  /** The recipient servant of the original request; null when it was not a servant. */
  to: string | null;
  /** The request's file (a message takes at most one); null without one. Put back as a chip if kept. */
  attachment: AttachmentRef | null;
}

export function composeDetail(point: ForkPoint): ComposeDetail {
  return { text: point.text, to: point.to ?? null, attachment: point.attachments?.[0] ?? null };
}

/**
 * The fork-point row's file line, e.g. `📎 photo.png · image` (the kind word from the caller's
 * dictionary); null for a request without a file. An attachment-only request shows this and no text.
 */
export function forkPointFileLine(
  point: ForkPoint,
  kindWord: (kind: AttachmentRef['kind']) => string,
): string | null {
  const file = point.attachments?.[0];
  return file === undefined ? null : `📎 ${file.fileName} · ${kindWord(file.kind)}`;
}

/** Resume, fork and deleting the open session are refused while any turn is in flight. */
export function isSwitchBlocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SESSION_SWITCH_BLOCKED';
}

/** Short local date and time, e.g. `2026/08/14 9:05` (ja) or `8/14/26, 9:05 AM` (en). */
export function formatSessionTime(ms: number, language: string): string {
  return new Date(ms).toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
