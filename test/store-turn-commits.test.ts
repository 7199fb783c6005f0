/**
 * Issue 24, over the API: a simple turn's records reach the SQLite file in two commits (the request,
 * acknowledged by send_user_message's answer, and what the turn recorded when it ended), where each
 * record was a commit of its own before; and what the API answered for is already in the file.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import type { SessionSummary } from '../src/domain/session.ts';
import { makeTempRoot, removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';
import { walFrames } from './helpers/wal-frames.ts';

let village: TestVillage | null = null;
let root: string | null = null;
afterEach(async () => {
  await village?.close();
  if (root) await removeRoot(root);
  village = null;
  root = null;
});

function storedKinds(path: string, sessionId: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare('SELECT kind FROM records WHERE session_id = ? ORDER BY seq').all(sessionId) as {
        kind: string;
      }[]
    ).map((row) => row.kind);
  } finally {
    db.close();
  }
}

it('commits a simple turn in two transactions, and the request before send_user_message answers', async () => {
  root = await makeTempRoot();
  const v = (village = await startTestVillage({ root }));
  await v.ready();
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await v.ok('create_agent', { spec: { id: 'e', name: 'Echo', modelTemplateId: id } });
  await v.ok('start_agent', { agentId: 'e' });
  const session = await v.ok<SessionSummary>('current_session');
  const path = join(v.workspace, 'sessions.sqlite');

  const before = storedKinds(path, session.id).length;
  const commits = walFrames(path).commits;
  await v.ok('send_user_message', { to: 'e', content: 'count my commits' });
  // Acknowledged: the answer came after the request's commit.
  expect(storedKinds(path, session.id).slice(before)[0]).toBe('message');
  for (let i = 0; i < 300; i += 1) {
    const list = await v.ok<AgentMessage[]>('list_messages');
    if (list.some((m) => m.from.kind === 'agent' && m.content.endsWith('count my commits'))) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const added = storedKinds(path, session.id).slice(before);
  expect(added).toEqual(expect.arrayContaining(['message', 'message', 'exchange', 'turn']));
  expect(added.length).toBeGreaterThanOrEqual(4);
  expect(walFrames(path).commits - commits).toBe(2);
});
