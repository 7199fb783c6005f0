/**
 * `sessionDeleted` on the events socket (issue 22): another window's conversation list follows a
 * delete made elsewhere, and an empty chat pruned by a new chat vanishes from it too.
 */
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SessionSummary } from '../src/domain/session.ts';
import { makeTempRoot, removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

let village: TestVillage | null = null;
let root: string | null = null;
afterEach(async () => {
  await village?.close();
  if (root) await removeRoot(root);
  village = null;
  root = null;
});

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

it('announces a deleted conversation and a pruned empty chat, and nothing for a kept one', async () => {
  root = await makeTempRoot();
  const v = (village = await startTestVillage({ root, language: 'en' }));
  await v.ready();
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await v.ok('create_agent', { spec: { id: 'e', name: 'Echo', modelTemplateId: id } });
  await v.ok('start_agent', { agentId: 'e' });
  const frames: { type: string; sessionId?: string }[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  await new Promise((r) => ws.once('open', r));
  const deleted = (sessionId: string) =>
    frames.find((f) => f.type === 'sessionDeleted' && f.sessionId === sessionId);

  await v.ok('send_user_message', { to: 'e', content: 'keep me' });
  const kept = await v.ok<SessionSummary>('current_session');
  // A new chat from a chat with a request: the old one stays, nothing is announced for it.
  await v.ok('reset_conversation');
  const empty = await v.ok<SessionSummary>('current_session');
  // A new chat from the empty one: the empty one is pruned, and said so.
  await v.ok('reset_conversation');
  expect(await waitFor(() => deleted(empty.id))).toEqual({ type: 'sessionDeleted', sessionId: empty.id });
  expect(deleted(kept.id)).toBeUndefined();
  await v.ok('delete_session', { sessionId: kept.id });
  expect(await waitFor(() => deleted(kept.id))).toEqual({ type: 'sessionDeleted', sessionId: kept.id });
  expect(frames.filter((f) => f.type === 'sessionDeleted')).toHaveLength(2);
  ws.close();
});
