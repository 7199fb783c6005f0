/**
 * The door's outside caller gives up (issue 17 §1): an `ask_fuseforks` call cancelled by the SDK's
 * real client (`notifications/cancelled`) or dropped with its connection interrupts the reception's
 * turn, its model call in flight included, and the next request is served at once.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import { connectClient } from '../../src/mcp/door/test-kit.ts';
import { textReply, type FakeProvider } from '../fakes/fake-provider.ts';
import {
  askDoor,
  closeDoorVillage,
  openDoorVillage,
  type DoorVillage,
  type ToolResult,
} from '../helpers/door-village.ts';
import { waitForMessage, type TestVillage } from '../helpers/village-server.ts';

let bed: DoorVillage;
let fake: FakeProvider;
let v: TestVillage;
let url: string;
let token: string;

beforeEach(async () => {
  bed = await openDoorVillage();
  ({ fake, v, url, token } = bed);
});
afterEach(async () => {
  await closeDoorVillage(bed);
});

const askOnce = (message: string) => askDoor(bed, { message });

async function expectInterruptedThenServed(): Promise<void> {
  await fake.waitForAborts(1);
  // Chained from the outside caller: nobody in the village asked, so no elapsed time.
  const chained = (m: AgentMessage) =>
    m.from.kind === 'system' && m.content === 'Desk: Chained from the requester’s interrupt';
  const messages = await waitForMessage(v, chained, 'the interrupt line');
  expect(messages.filter((m: AgentMessage) => m.from.kind === 'agent')).toHaveLength(0);
  // Not busy, and the reception is free: the next request is answered by the next call.
  fake.enqueue({ body: textReply('openai', 'served at once') });
  const next = await askOnce('and now?');
  expect(next.isError ?? false).toBe(false);
  expect(next.content[0]!.text).toBe('served at once');
  expect(fake.requests).toHaveLength(2);
}

it('a call the client cancels (notifications/cancelled) interrupts the reception and frees the door', async () => {
  fake.enqueue({ hold: true });
  const { client, transport } = await connectClient(url, token, 'claude-code');
  const controller = new AbortController();
  const pending = client
    .callTool({ name: 'ask_fuseforks', arguments: { message: 'slow one' } }, undefined, {
      signal: controller.signal,
    })
    .catch((error: unknown) => error);
  await fake.waitForRequests(1);
  controller.abort();
  expect(await pending).toBeInstanceOf(Error);
  await expectInterruptedThenServed();
  await transport.close();
});

it('a client that goes away mid-call interrupts the reception and frees the door', async () => {
  fake.enqueue({ hold: true });
  const { client, transport } = await connectClient(url, token, 'claude-code');
  const pending = client
    .callTool({ name: 'ask_fuseforks', arguments: { message: 'slow one' } })
    .catch((error: unknown) => error);
  await fake.waitForRequests(1);
  await transport.close();
  await pending;
  await expectInterruptedThenServed();
});

it('a call still running when the door is switched off gets its answer before the door closes', async () => {
  fake.enqueue({ hold: true });
  const { client, transport } = await connectClient(url, token, 'claude-code');
  // Without an answer the client would wait for its own timeout (600 s in the README's config).
  const pending = client.callTool({ name: 'ask_fuseforks', arguments: { message: 'slow one' } }, undefined, {
    timeout: 15_000,
  }) as Promise<ToolResult>;
  await fake.waitForRequests(1);
  await v.ok('set_mcp_server_settings', { enabled: false, port: Number(new URL(url).port) });
  const result = await pending;
  expect(result.isError).toBe(true);
  expect(result.content[0]!.text).toBe('The request to desk (Desk) was interrupted.');
  await fake.waitForAborts(1);
  await transport.close().catch(() => undefined);
});
