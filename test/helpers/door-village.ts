/**
 * The test bed of the door tests in a running village: a booted village over temp folders with the
 * door switched on, a fake provider, and the reception servant `desk` (OpenAI-compatible) on it.
 */
import { connectClient, freePort } from '../../src/mcp/door/test-kit.ts';
import { FakeProvider } from '../fakes/fake-provider.ts';
import { removeRoot, startFakeServant, startTestVillage, type TestVillage } from './village-server.ts';

export interface DoorVillage {
  fake: FakeProvider;
  v: TestVillage;
  /** The door's `http://127.0.0.1:{port}/mcp`. */
  url: string;
  token: string;
}

export interface ToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

export async function openDoorVillage(options: { language?: 'ja' | 'en' } = {}): Promise<DoorVillage> {
  const fake = await new FakeProvider().start();
  const v = await startTestVillage(options);
  await v.ready();
  const door = await v.ok<{ token: string; status: { url: string } }>('set_mcp_server_settings', {
    enabled: true,
    port: await freePort(),
  });
  await startFakeServant(v, fake.baseUrl, { id: 'desk', name: 'Desk' });
  await v.ok('set_reception', { agentId: 'desk' });
  return { fake, v, url: door.status.url, token: door.token };
}

export async function closeDoorVillage({ fake, v }: DoorVillage): Promise<void> {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
}

/** One `ask_fuseforks` call from a fresh SDK client named claude-code, closed after the answer. */
export async function askDoor(bed: DoorVillage, args: Record<string, unknown>): Promise<ToolResult> {
  const { client, transport } = await connectClient(bed.url, bed.token, 'claude-code');
  try {
    return (await client.callTool({ name: 'ask_fuseforks', arguments: args })) as ToolResult;
  } finally {
    await transport.close();
  }
}
