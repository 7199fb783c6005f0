import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { removeRoot, startTestVillage, TEMPLATE, type TestVillage } from './helpers/village-server.ts';

function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('events WebSocket', () => {
  let village: TestVillage;
  beforeAll(async () => {
    village = await startTestVillage();
    await village.ready();
  });
  afterAll(async () => {
    await village.close();
    await removeRoot(village.root);
  });

  const base = () => `ws://127.0.0.1:${village.server.port}/api/events`;

  it('streams core events as JSON frames with a type', async () => {
    const ws = await connect(`${base()}?token=${village.server.token}`);
    const frames: { type: string }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    const t = await village.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await village.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: t.id } });
    await village.ok('create_agent', { spec: { id: 'b', name: 'B', modelTemplateId: t.id } });
    frames.length = 0;
    await village.ok('set_connections', { agentId: 'a', connectedAgents: ['b'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(frames.map((f) => f.type)).toEqual(['topologyChanged', 'worldChanged']);
    ws.close();
  });

  it('takes the token as an offered subprotocol (never echoed) and answers with the events protocol', async () => {
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(base(), ['fuseforks.events', `fuseforks.token.${village.server.token}`]);
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      socket.once('error', reject);
    });
    expect(ws.protocol).toBe('fuseforks.events');
    ws.close();
    const wrong = new Promise((resolve, reject) => {
      const socket = new WebSocket(base(), ['fuseforks.events', 'fuseforks.token.nope']);
      socket.once('open', () => reject(new Error('opened')));
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      socket.once('error', () => resolve('error'));
    });
    expect(await wrong).toBe(401);
  });

  it('refuses a missing token, a foreign origin and other paths', async () => {
    await expect(connect(base())).rejects.toThrow('status 401');
    await expect(
      connect(`${base()}?token=${village.server.token}`, { origin: 'http://evil.example' }),
    ).rejects.toThrow('status 403');
    await expect(
      connect(`ws://127.0.0.1:${village.server.port}/api/other?token=${village.server.token}`),
    ).rejects.toThrow('status 404');
  });

  it('a closed socket stops receiving without disturbing others', async () => {
    const a = await connect(`${base()}?token=${village.server.token}`);
    const b = await connect(`${base()}?token=${village.server.token}`);
    const seen: string[] = [];
    b.on('message', (data) => seen.push(JSON.parse(String(data)).type));
    a.terminate();
    await village.ok('set_token_budget', { tokenBudget: 123 });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toContain('worldChanged');
    b.close();
  });
});
