/**
 * Crash safety of the session store: a child process appends in a tight loop, printing each seq the
 * moment `append` returns, and is killed with SIGKILL mid-stream. Reopening the file must succeed and
 * every printed seq must be there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { SessionStore } from '../src/store/session-store.ts';

const ROOT = resolve(import.meta.dirname, '..');
const STORE_MODULE = pathToFileURL(join(ROOT, 'src/store/session-store.ts')).href;

/** The child: open, create a session, print its id, then append and print each seq forever. */
const CHILD = `
import { writeSync } from 'node:fs';
import { SessionStore } from ${JSON.stringify(STORE_MODULE)};
const store = SessionStore.open(process.argv[1]);
const id = store.createSession();
writeSync(1, 'session ' + id + '\\n');
const filler = 'x'.repeat(520);
for (let n = 0; ; n += 1) {
  const seq = store.append(id, {
    kind: 'exchange',
    agentId: 'alice',
    sent: 'request ' + n + ' ' + filler,
    replied: 'reply ' + n,
  });
  writeSync(1, seq + '\\n');
}
`;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('keeps every record whose append returned when the writer is killed with SIGKILL', async () => {
  dir = mkdtempSync(join(tmpdir(), 'fuseforks-crash-'));
  const path = join(dir, 'sessions.sqlite');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, path], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    child.on('exit', (_code, signal) => done(signal)),
  );
  await new Promise<void>((started, failed) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/\n\d+\n/.test(out)) started();
    });
    child.on('exit', () => failed(new Error(`the child exited before appending: ${err}`)));
  });
  await new Promise((wait) => setTimeout(wait, 300));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  // Only complete lines: a seq counts as printed once its newline is out.
  const lines = out.slice(0, out.lastIndexOf('\n')).split('\n');
  const id = lines[0]!.replace(/^session /, '');
  const printed = lines.slice(1).map(Number);
  expect(printed.length).toBeGreaterThan(10);
  expect(printed).toEqual(printed.map((_, i) => i));

  const store = SessionStore.open(path);
  try {
    const seqs = new Set(store.records(id).map((record) => record.seq));
    for (const seq of printed) expect(seqs.has(seq)).toBe(true);
    expect(store.meta(id).recordCount).toBe(seqs.size);
    expect(store.append(id, { kind: 'exchange', agentId: 'alice' as never, sent: 's', replied: 'r' })).toBe(
      seqs.size,
    );
  } finally {
    store.close();
  }
  const check = new Database(path, { readonly: true });
  expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
  check.close();
});
