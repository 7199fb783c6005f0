import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import {
  composeDetail,
  forkOrigin,
  forkPointFileLine,
  formatSessionTime,
  isSwitchBlocked,
  sessionTitle,
  sortSessions,
} from './session-list.ts';
import type { ErrorPayload, SessionSummary } from './types.ts';

function session(id: string, updatedAt: number, extra: Partial<SessionSummary['meta']> = {}): SessionSummary {
  return { id, meta: { title: id, createdAt: 0, updatedAt, recordCount: 0, ...extra } };
}

function apiError(code: string): ApiError {
  return new ApiError({ code, message: 'x', detail: null, agentId: null, retryable: false } as ErrorPayload);
}

describe('session list', () => {
  it('sorts by updatedAt, newest first, never by id or createdAt', () => {
    const list = [
      session('9-a', 100, { createdAt: 900 }),
      session('1-b', 300, { createdAt: 100 }),
      session('5-c', 200, { createdAt: 500 }),
    ];
    expect(sortSessions(list).map((s) => s.id)).toEqual(['1-b', '5-c', '9-a']);
    expect(list.map((s) => s.id)).toEqual(['9-a', '1-b', '5-c']);
  });

  it('keeps the given order for equal updatedAt', () => {
    expect(sortSessions([session('a', 1), session('b', 1)]).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('shows at most 30 characters (not bytes) and null for an empty title', () => {
    expect(sessionTitle('')).toBeNull();
    expect(sessionTitle('  \n ')).toBeNull();
    const long = 'あ'.repeat(29) + '😀' + 'い';
    expect(sessionTitle(long)).toBe('あ'.repeat(29) + '😀');
    expect(sessionTitle('hello')).toBe('hello');
  });

  it('names the parent of a fork, or says it was deleted', () => {
    const parent = session('p', 1, { title: '親の会話' });
    const child = session('c', 2, { parentId: 'p', forkedAtSeq: 3 });
    const orphan = session('o', 3, { parentId: 'gone', forkedAtSeq: 1 });
    expect(forkOrigin(parent, [parent, child])).toBeNull();
    expect(forkOrigin(child, [parent, child])).toEqual({
      parentId: 'p',
      parentTitle: '親の会話',
      parentListed: true,
      parentCreatedAt: parent.meta.createdAt,
    });
    expect(forkOrigin(orphan, [parent, orphan])).toEqual({
      parentId: 'gone',
      parentTitle: null,
      parentListed: false,
      parentCreatedAt: null,
    });
  });

  it('puts back the original text and recipient, never the preview', () => {
    const text = '一行目\n二行目'.padEnd(80, 'x');
    expect(
      composeDetail({ atSeq: 4, preview: text.slice(0, 60).replace('\n', ' '), text, to: 'a1', tsMs: 1 }),
    ).toEqual({
      text,
      to: 'a1',
      attachment: null,
    });
    expect(composeDetail({ atSeq: 4, preview: 'p', text: 't', tsMs: 1 })).toEqual({
      text: 't',
      to: null,
      attachment: null,
    });
  });

  it("carries the request's file to the input, and the row names it with its kind", () => {
    const file = { id: 'f1', kind: 'image' as const, fileName: 'photo.png', mimeType: 'image/webp' };
    const point = { atSeq: 2, preview: '', text: '', to: 'a1', tsMs: 1, attachments: [file] };
    expect(composeDetail(point)).toEqual({ text: '', to: 'a1', attachment: file });
    const kindWord = (kind: string) => ({ image: 'image', pdf: 'PDF' })[kind] ?? kind;
    expect(forkPointFileLine(point, kindWord)).toBe('📎 photo.png · image');
    expect(
      forkPointFileLine({ ...point, attachments: [{ ...file, kind: 'pdf', fileName: 'a.pdf' }] }, kindWord),
    ).toBe('📎 a.pdf · PDF');
    expect(forkPointFileLine({ atSeq: 2, preview: 'p', text: 'p', tsMs: 1 }, kindWord)).toBeNull();
  });

  it('recognises SESSION_SWITCH_BLOCKED by code only', () => {
    expect(isSwitchBlocked(apiError('SESSION_SWITCH_BLOCKED'))).toBe(true);
    expect(isSwitchBlocked(apiError('SESSION_NOT_FOUND'))).toBe(false);
    expect(isSwitchBlocked(new Error('SESSION_SWITCH_BLOCKED'))).toBe(false);
  });

  it('formats times in local time', () => {
    const ms = new Date(2026, 7, 14, 9, 5).getTime();
    expect(formatSessionTime(ms, 'ja')).toContain('2026/08/14');
    expect(formatSessionTime(ms, 'ja')).toContain('9:05');
    expect(formatSessionTime(ms, 'en')).toContain('8/14/26');
  });
});
