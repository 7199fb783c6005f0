/**
 * The test bed of the Responses wire tests: a booted village over temp folders and a fake provider,
 * fresh per test, with the readers those tests share (log lines, `messageSent` frames, an answer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { AgentMessage } from '../../src/domain/message.ts';
import { FakeProvider } from '../fakes/fake-provider.ts';
import { isReply, removeRoot, startTestVillage, waitForMessage, type TestVillage } from './village-server.ts';

export interface ResponsesTestbed {
  v: TestVillage;
  fake: FakeProvider;
}

export async function openResponsesTestbed(): Promise<ResponsesTestbed> {
  const fake = await new FakeProvider().start();
  const v = await startTestVillage();
  await v.ready();
  return { v, fake };
}

export async function closeResponsesTestbed({ v, fake }: ResponsesTestbed): Promise<void> {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
}

export function logLines(v: TestVillage, prefix: string): string[] {
  return readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(prefix));
}

/** The log lines with `prefix` once at least one was written (the log is appended as the turn runs). */
export async function waitForLog(v: TestVillage, prefix: string): Promise<string[]> {
  for (let i = 0; i < 200; i += 1) {
    const lines = logLines(v, prefix);
    if (lines.length > 0) return lines;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no "${prefix}" line in fuseforks.log`);
}

/** The line after its timestamp/level head, from the prefix on. */
export const fromPrefix = (line: string, prefix: string) => line.slice(line.indexOf(prefix));

/** The events socket's `messageSent` frames, collected until `close`. */
export async function listenForMessages(
  v: TestVillage,
): Promise<{ messages: AgentMessage[]; close: () => void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
  const messages: AgentMessage[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; message?: AgentMessage };
    if (frame.type === 'messageSent' && frame.message) messages.push(frame.message);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { messages, close: () => ws.close() };
}

/** Sends `content` to servant `a` and waits for its reply `answer` (the message as listed). */
export async function askServant(v: TestVillage, content: string, answer: string): Promise<AgentMessage> {
  await v.ok('send_user_message', { to: 'a', content });
  const list = await waitForMessage(v, isReply(answer), `the answer "${answer}"`);
  return list.find(isReply(answer))!;
}
