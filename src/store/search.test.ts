import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.ts';
import { BACKFILL_CHARS, BACKFILL_RECORDS, startSearchBackfill } from './search-backfill.ts';
import { snippetAround } from './search-text.ts';
import { sessionStorePath } from './session-file.ts';
import { SessionStore } from './session-store.ts';
import { agentMessage, message, tempDir, tempStore, turn, userMessage } from './test-kit.ts';

let t: ReturnType<typeof tempStore>;
beforeEach(() => {
  t = tempStore();
});
afterEach(() => t.cleanup());

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('search_sessions over the trigram index', () => {
  it('finds Japanese and English words in user and agent messages, newest session first', () => {
    const older = t.store.createSession();
    t.store.append(older, userMessage('明日の会議の議題をまとめて', 'alice'));
    t.store.append(older, agentMessage('alice', '議題は予算と採用です'));
    const newer = t.store.createSession();
    t.store.append(newer, userMessage('Please summarise the budget meeting', 'alice'));
    t.store.append(newer, agentMessage('alice', 'The Budget is approved.'));

    const ja = t.store.searchSessions('議題');
    expect(ja.map((h) => [h.sessionId, h.seq])).toEqual([
      [older, 1],
      [older, 0],
    ]);
    const jaLong = t.store.searchSessions('予算と採用');
    expect(jaLong).toHaveLength(1);
    expect(jaLong[0]!.title).toBe('明日の会議の議題をまとめて');

    const en = t.store.searchSessions('budget');
    expect(en.map((h) => [h.sessionId, h.seq])).toEqual([
      [newer, 1],
      [newer, 0],
    ]);
    const first = en[0]!;
    expect(first.snippet.text.slice(first.snippet.matchStart, first.snippet.matchEnd)).toBe('Budget');
    expect(first.updatedAt).toBe(t.store.meta(newer).updatedAt);
    expect(first.messageId).toBe(message('x').id);
  });

  it('indexes neither system lines nor other records, and treats FTS syntax as text', () => {
    const id = t.store.createSession();
    t.store.append(id, {
      kind: 'message',
      message: message('system budget line', { from: { kind: 'system' } }),
    });
    t.store.append(id, turn('alice'));
    t.store.append(id, { kind: 'exchange', agentId: 'alice' as never, sent: 'budget', replied: 'budget' });
    expect(t.store.searchSessions('budget')).toEqual([]);
    t.store.append(id, userMessage('a "quoted" OR NEAR(x) * text'));
    expect(t.store.searchSessions('"quoted" OR')).toHaveLength(1);
    expect(t.store.searchSessions('NEAR(x) *')).toHaveLength(1);
  });

  it('falls back to a LIKE scan under three characters, with % and _ taken literally', () => {
    const id = t.store.createSession();
    t.store.append(id, userMessage('猫が好き'));
    t.store.append(id, agentMessage('alice', '100% sure'));
    t.store.append(id, agentMessage('alice', 'a_b'));
    expect(t.store.searchSessions('猫').map((h) => h.seq)).toEqual([0]);
    expect(t.store.searchSessions('0%').map((h) => h.seq)).toEqual([1]);
    expect(t.store.searchSessions('_').map((h) => h.seq)).toEqual([2]);
    expect(t.store.searchSessions('%%')).toEqual([]);
    expect(codeOf(() => t.store.searchSessions('   '))).toBe('INVALID_ARGUMENT');
  });

  it('returns at most 50 hits', () => {
    const id = t.store.createSession();
    t.store.appendMany(
      id,
      Array.from({ length: 60 }, (_, i) => userMessage(`needle number ${i}`)),
    );
    const hits = t.store.searchSessions('needle');
    expect(hits).toHaveLength(50);
    expect(hits[0]!.seq).toBe(59);
  });

  it('removes a deleted session from the index and indexes a fork copy', () => {
    const source = t.store.createSession();
    t.store.append(source, userMessage('first 分岐テスト request'));
    t.store.append(source, agentMessage('alice', 'answer 分岐テスト'));
    t.store.append(source, userMessage('second 分岐テスト request'));
    const fork = t.store.forkSession(source, 1, (title) => `${title} (fork)`);
    expect(t.store.meta(fork).title).toBe('first 分岐テスト request (fork)');
    const hits = t.store.searchSessions('分岐テスト');
    expect(hits.filter((h) => h.sessionId === fork).map((h) => h.seq)).toEqual([1, 0]);
    expect(hits.filter((h) => h.sessionId === source).map((h) => h.seq)).toEqual([2, 1, 0]);
    t.store.deleteSession(source);
    expect(t.store.searchSessions('分岐テスト').every((h) => h.sessionId === fork)).toBe(true);
    t.store.deleteSession(fork);
    expect(t.store.searchSessions('分岐テスト')).toEqual([]);
  });
});

describe('rename and empty sessions', () => {
  it('keeps a renamed title when the first user message arrives, and refuses bad titles', () => {
    const id = t.store.createSession();
    const before = t.store.meta(id).updatedAt;
    expect(t.store.renameSession(id, '  Plans for 2027  ').title).toBe('Plans for 2027');
    expect(t.store.meta(id).updatedAt).toBe(before);
    t.store.append(id, userMessage('this would have been the title'));
    expect(t.store.meta(id).title).toBe('Plans for 2027');
    expect(t.store.renameSession(id, 'あ'.repeat(120)).title).toHaveLength(120);
    for (const bad of ['', '   ', 'あ'.repeat(121), 'line\nbreak', 'tab\there', 'rtl\u202eevil']) {
      expect(codeOf(() => t.store.renameSession(id, bad))).toBe('INVALID_ARGUMENT');
    }
    expect(codeOf(() => t.store.renameSession('1-nope', 'x'))).toBe('SESSION_NOT_FOUND');
  });

  it('deletes an empty chat only: no title, no record but system lines', () => {
    const empty = t.store.createSession();
    const noticed = t.store.createSession();
    t.store.append(noticed, {
      kind: 'message',
      message: message('Bob joined', { from: { kind: 'system' } }),
    });
    const used = t.store.createSession();
    t.store.append(used, userMessage('hello'));
    const answered = t.store.createSession();
    t.store.append(answered, agentMessage('alice', 'a scheduled report'));
    const renamed = t.store.createSession();
    t.store.renameSession(renamed, 'kept for later');
    expect(new Set(t.store.emptySessions())).toEqual(new Set([empty, noticed]));
    for (const id of [used, answered, renamed]) expect(t.store.deleteIfEmpty(id)).toBe(false);
    expect(t.store.deleteIfEmpty(empty)).toBe(true);
    expect(t.store.deleteIfEmpty(empty)).toBe(false);
    expect(t.store.deleteIfEmpty(noticed)).toBe(true);
    expect(codeOf(() => t.store.records(noticed))).toBe('SESSION_NOT_FOUND');
    expect(new Set(t.store.listSessions().map((s) => s.id))).toEqual(new Set([used, answered, renamed]));
  });
});

describe('snippets', () => {
  it('cuts about 120 characters around the match, marked by offsets, line breaks as spaces', () => {
    const text = `${'a'.repeat(300)}\nTarget\n${'b'.repeat(300)}`;
    const snippet = snippetAround(text, 'target');
    expect(snippet.text.length).toBeLessThanOrEqual(122);
    expect(snippet.text.startsWith('…') && snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.slice(snippet.matchStart, snippet.matchEnd)).toBe('Target');
    expect(snippet.text).not.toContain('\n');
    const short = snippetAround('hello world', 'world');
    expect(short).toEqual({ text: 'hello world', matchStart: 6, matchEnd: 11 });
  });

  it('never splits a surrogate pair at a cut', () => {
    const text = `${'😀'.repeat(100)}needle${'😀'.repeat(100)}`;
    const snippet = snippetAround(text, 'needle');
    expect(snippet.text.slice(snippet.matchStart, snippet.matchEnd)).toBe('needle');
    expect(snippet.text).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });
});

describe('migration of a version 3 file', () => {
  it('indexes what was recorded before, in chunks, after open', () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = sessionStorePath(join(dir, 'ws'));
      mkdirSync(join(dir, 'ws'));
      // The file as version 3 wrote it: its schema and records, no search tables.
      const v3 = new Database(path);
      for (const sql of MIGRATIONS.slice(0, 3)) v3.exec(sql);
      v3.pragma('user_version = 3');
      v3.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)').run(
        '100-aaaa',
        JSON.stringify({ title: '古い会話', createdAt: 100, updatedAt: 300, recordCount: 7 }),
      );
      const insert = v3.prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)');
      for (let seq = 0; seq < 6; seq += 1) {
        insert.run('100-aaaa', seq, 'message', JSON.stringify(message(`古いメッセージ ${seq}`)));
      }
      insert.run('100-aaaa', 6, 'message', '{not json');
      v3.close();

      const store = SessionStore.open(path);
      try {
        const check = new Database(path, { readonly: true });
        expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
        check.close();
        expect(store.searchSessions('古いメッセージ')).toEqual([]);
        // New records are indexed at once, the old ones by the backfill, two at a time here.
        store.append('100-aaaa', userMessage('新しいメッセージ'));
        expect(store.searchSessions('メッセージ').map((h) => h.seq)).toEqual([7]);
        let steps = 0;
        while (store.backfillSearch(2)) steps += 1;
        expect(steps).toBeGreaterThanOrEqual(3);
        expect(store.searchSessions('メッセージ').map((h) => h.seq)).toEqual([7, 5, 4, 3, 2, 1, 0]);
        expect(store.backfillSearch(2)).toBe(false);
      } finally {
        store.close();
      }
    } finally {
      cleanup();
    }
  });

  it('gives a fork of a session still being indexed the rest of the backlog', () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = sessionStorePath(join(dir, 'ws'));
      SessionStore.open(path).close();
      const db = new Database(path);
      db.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)').run(
        '100-aaaa',
        JSON.stringify({ title: 'old', createdAt: 100, updatedAt: 300, recordCount: 3 }),
      );
      const insert = db.prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)');
      for (let seq = 0; seq < 3; seq += 1) {
        insert.run('100-aaaa', seq, 'message', JSON.stringify(message(`legacy line ${seq}`)));
      }
      db.prepare('INSERT INTO search_backlog VALUES (?, ?, ?)').run('100-aaaa', 0, 2);
      db.close();
      const store = SessionStore.open(path);
      try {
        const fork = store.forkSession('100-aaaa', 1);
        while (store.backfillSearch(10));
        const hits = store.searchSessions('legacy');
        expect(hits.filter((h) => h.sessionId === fork).map((h) => h.seq)).toEqual([1, 0]);
        expect(hits.filter((h) => h.sessionId === '100-aaaa').map((h) => h.seq)).toEqual([2, 1, 0]);
      } finally {
        store.close();
      }
    } finally {
      cleanup();
    }
  });
});

describe('the background backfill', () => {
  const queueBacklog = (store: SessionStore, path: string, id: string, lastSeq = 9) => {
    store.close();
    const db = new Database(path);
    db.exec(`DELETE FROM search_rows; INSERT INTO search_backlog VALUES ('${id}', 0, ${lastSeq})`);
    db.close();
    return SessionStore.open(path);
  };

  it('bounds a step by its text as well as its count: long replies go a few at a time', async () => {
    const id = t.store.createSession();
    // 3,000 characters each: six fit in 20,000, the seventh would not. One of 30,000 goes alone.
    const long = (i: number) => `rec-${i}-end ${'lorem ipsum dolor sit amet '.repeat(111)}`;
    const texts = Array.from({ length: 60 }, (_, i) => long(i));
    texts[30] = `rec-30-end ${'x'.repeat(30_000)}`;
    t.store.appendMany(
      id,
      texts.map((text) => userMessage(text)),
    );
    const store = queueBacklog(t.store, t.path, id, texts.length - 1);
    const reader = new Database(t.path, { readonly: true });
    const indexed = () => reader.prepare('SELECT COUNT(*) AS n FROM search_rows').get() as { n: number };
    try {
      expect(BACKFILL_RECORDS).toBe(25);
      expect(BACKFILL_CHARS).toBe(20_000);
      expect(long(0).length).toBeGreaterThan(3_000);
      expect(long(0).length * 6).toBeLessThan(BACKFILL_CHARS);
      expect(store.backfillSearch()).toBe(true);
      expect(indexed().n).toBe(6);
      for (let i = 0; i < 4; i += 1) store.backfillSearch();
      // 30 short ones in five steps of six; then the long one alone, then six again.
      expect(indexed().n).toBe(30);
      store.backfillSearch();
      expect(indexed().n).toBe(31);
      store.backfillSearch();
      expect(indexed().n).toBe(37);

      const failures: unknown[] = [];
      startSearchBackfill(store, (error) => failures.push(error));
      for (let i = 0; i < 100 && indexed().n < texts.length; i += 1) {
        await new Promise((r) => setImmediate(r));
      }
      expect(failures).toEqual([]);
      expect(indexed().n).toBe(texts.length);
      expect(store.backfillSearch()).toBe(false);
      for (const i of [0, 5, 6, 29, 30, 31, 59]) {
        expect(store.searchSessions(`rec-${i}-end`).map((h) => h.seq)).toEqual([i]);
      }
    } finally {
      reader.close();
      store.close();
    }
  });

  it('indexes an old backlog one chunk per macrotask, and stops when asked', async () => {
    const id = t.store.createSession();
    t.store.appendMany(
      id,
      Array.from({ length: 10 }, (_, i) => userMessage(`backlog line ${i}`)),
    );
    const store = queueBacklog(t.store, t.path, id);
    try {
      expect(store.searchSessions('backlog')).toEqual([]);
      const failures: unknown[] = [];
      startSearchBackfill(store, (error) => failures.push(error), 3);
      // Nothing runs before the event loop turns: the open itself never waits for the index.
      expect(store.searchSessions('backlog')).toEqual([]);
      for (let i = 0; i < 100 && store.searchSessions('backlog').length < 10; i += 1) {
        await new Promise((r) => setImmediate(r));
      }
      expect(store.searchSessions('backlog')).toHaveLength(10);
      expect(failures).toEqual([]);

      const again = queueBacklog(store, t.path, id);
      try {
        const stop = startSearchBackfill(again, () => {}, 3);
        stop();
        for (let i = 0; i < 10; i += 1) await new Promise((r) => setImmediate(r));
        expect(again.searchSessions('backlog')).toEqual([]);
      } finally {
        again.close();
      }
    } finally {
      store.close();
    }
  });
});
