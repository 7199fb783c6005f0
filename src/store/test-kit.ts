/** Builders shared by the store's tests (not used by production code). */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage, Endpoint } from '../domain/message.ts';
import type { ToolCallRecord, TurnRecord } from '../domain/session.ts';
import type { SessionRecord } from './record.ts';
import { openStoreFile, sessionStorePath } from './session-file.ts';
import { SessionStore } from './session-store.ts';

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'fuseforks-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * For the link-swap tests: a store file in `{dir}/ws` (made once) and a database outside the workspace
 * that nothing may change; `before` holds its bytes.
 */
export function storeAndOutsideDatabase(dir: string): {
  workspace: string;
  path: string;
  outsideDir: string;
  outside: string;
  before: Buffer;
} {
  const workspace = join(dir, 'ws');
  const outsideDir = join(dir, 'outside');
  mkdirSync(outsideDir);
  const outside = join(outsideDir, 'precious.db');
  const precious = new Database(outside);
  precious.exec("CREATE TABLE precious (x TEXT); INSERT INTO precious VALUES ('keep');");
  precious.close();
  const path = sessionStorePath(workspace);
  openStoreFile(path, workspace).close();
  return { workspace, path, outsideDir, outside, before: readFileSync(outside) };
}

/**
 * Turns the (closed) store file at `path` into what a process killed while holding it leaves: the file
 * is opened and read, and the main file and its WAL are copied while the connection is open; the
 * copies then take the originals' place (a `-wal` beside the file, as after a crash).
 */
export function leaveUnclean(path: string): void {
  const store = SessionStore.open(path);
  try {
    store.listSessions();
    copyFileSync(path, `${path}.crash`);
    copyFileSync(`${path}-wal`, `${path}.crash-wal`);
  } finally {
    store.close();
  }
  renameSync(`${path}.crash`, path);
  renameSync(`${path}.crash-wal`, `${path}-wal`);
}

/** A store in a fresh temp workspace with a controllable clock (starts at 1,000,000 and ticks by 1 ms). */
export function tempStore(): {
  store: SessionStore;
  dir: string;
  path: string;
  clock: { now: number };
  cleanup: () => void;
} {
  const { dir, cleanup } = tempDir();
  const path = join(dir, 'workspace', 'sessions.sqlite');
  const clock = { now: 1_000_000 };
  const store = SessionStore.open(path, { now: () => (clock.now += 1) });
  return {
    store,
    dir,
    path,
    clock,
    cleanup: () => {
      store.close();
      cleanup();
    },
  };
}

export const agent = (id: string): AgentId => id as AgentId;

const USER: Endpoint = { kind: 'user' };

export function message(content: string, options: Partial<AgentMessage> = {}): AgentMessage {
  return {
    id: '6f1c1a34-9a0e-4c55-8d8e-0f3f6d7a1b2c',
    from: USER,
    to: { kind: 'agent', id: agent('alice') },
    content,
    tokens: 3,
    tsMs: 1_700_000_000_000,
    hop: 0,
    ...options,
  };
}

export const userMessage = (content: string, to?: string): SessionRecord => ({
  kind: 'message',
  message: message(
    content,
    to === undefined ? { to: { kind: 'system' } } : { to: { kind: 'agent', id: agent(to) } },
  ),
});

export const agentMessage = (from: string, content: string): SessionRecord => ({
  kind: 'message',
  message: message(content, { from: { kind: 'agent', id: agent(from) }, to: USER }),
});

export const exchange = (agentId: string, sent: string, replied: string): SessionRecord => ({
  kind: 'exchange',
  agentId: agent(agentId),
  sent,
  replied,
});

export const summary = (agentId: string, text: string, coversUpToSeq: number): SessionRecord => ({
  kind: 'summary',
  agentId: agent(agentId),
  text,
  coversUpToSeq,
});

export function turnRecord(agentId: string, overrides: Partial<TurnRecord> = {}): TurnRecord {
  return {
    agentId: agent(agentId),
    tsMs: 1_700_000_000_000,
    hop: 0,
    rounds: 1,
    waves: 0,
    stop: { kind: 'completed' },
    prompt: 100,
    cached: 20,
    completion: 30,
    reasoning: 5,
    cacheWrite: 0,
    cacheWrite1h: 0,
    model: 'm',
    backend: 'echo',
    elapsedMs: 12,
    ...overrides,
  };
}

export const turn = (agentId: string, overrides: Partial<TurnRecord> = {}): SessionRecord => ({
  kind: 'turn',
  turn: turnRecord(agentId, overrides),
});

export function toolCallRecord(agentId: string, overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    agentId: agent(agentId),
    callId: 'call-1',
    name: 'file',
    reason: 'read the notes',
    reasonState: 'written',
    argsPreview: '{\n  "op": "read"\n}',
    argsChars: 17,
    resultPreview: 'notes',
    resultChars: 5,
    isError: false,
    tsMs: 10,
    hop: 0,
    ...overrides,
  };
}

export const toolCall = (agentId: string, overrides: Partial<ToolCallRecord> = {}): SessionRecord => ({
  kind: 'tool',
  tool: toolCallRecord(agentId, overrides),
});
