import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BASE64_CHARS } from '../../domain/attachment.ts';
import type { DiagLog } from '../../diag/log.ts';
import { McpDoor } from './door-server.ts';
import { DOOR_TOOL_NAME, type DoorAsk } from './door-tool.ts';
import {
  connectClient,
  freePort,
  INITIALIZE_BODY,
  MCP_POST_HEADERS,
  occupy,
  rawRequest,
  release,
  upload,
} from './test-kit.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const OTHER_TOKEN = 'fedcba9876543210fedcba9876543210';

const echo: DoorAsk = async (message, client) => ({ text: `${client}: ${message}`, isError: false });

let door: McpDoor;
let port: number;
let lines: string[];
const clients: Client[] = [];

function newDoor(ask: DoorAsk = echo): McpDoor {
  const log: DiagLog = { note: (line) => lines.push(line), warn: (line) => lines.push(`WARN ${line}`) };
  return new McpDoor({ ask, log });
}

async function connect(token = TOKEN, name?: string): Promise<Client> {
  const { client } = await connectClient(`http://127.0.0.1:${port}/mcp`, token, name);
  clients.push(client);
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((part) => part.text ?? '').join('');
}

beforeEach(async () => {
  lines = [];
  port = await freePort();
  door = newDoor();
  await door.apply({ enabled: true, port, token: TOKEN });
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await door.close();
  expect(lines.join('\n')).not.toContain(TOKEN);
  expect(lines.join('\n')).not.toContain(OTHER_TOKEN);
});

describe('the door over the SDK client', () => {
  it('reports where it listens', () => {
    expect(door.status()).toEqual({
      enabled: true,
      listening: true,
      port,
      url: `http://127.0.0.1:${port}/mcp`,
      lastError: null,
    });
  });

  it('declares exactly one tool under a frozen name, as the fuseforks server', async () => {
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe('fuseforks');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([DOOR_TOOL_NAME]);
    expect(DOOR_TOOL_NAME).toBe('ask_fuseforks');
    const schema = tools[0]?.inputSchema as {
      properties?: Record<string, { type?: string; properties?: Record<string, { description?: string }> }>;
      required?: string[];
    };
    // `attachments` is declared only so the SDK does not strip it: a second file is refused, not lost.
    expect(Object.keys(schema.properties ?? {})).toEqual(['message', 'attachment', 'attachments']);
    expect(schema.properties?.message?.type).toBe('string');
    // The one optional file; its bound is said in the description and checked by readDoorAttachment
    // (a schema bound would answer -32602, not INVALID_ATTACHMENT).
    expect(schema.properties?.attachment?.type).toBe('object');
    expect(schema.properties?.attachment?.properties?.bytes?.description).toContain(
      `at most ${ATTACHMENT_MAX_BASE64_CHARS} characters`,
    );
    expect(schema.required).toEqual(['message']);
    expect(tools[0]?.description).toMatch(/reception servant/);
  });

  it('passes the message and the raw clientInfo.name to ask and returns its answer', async () => {
    const client = await connect(TOKEN, 'claude-code');
    const result = await client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'hello village' } });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toBe('claude-code: hello village');
  });

  it('returns an error answer from ask as an error tool result', async () => {
    await door.close();
    door = newDoor(async () => ({ text: 'EXTERNAL_RECEPTION_UNSET: no reception', isError: true }));
    await door.apply({ enabled: true, port, token: TOKEN });
    const client = await connect();
    const result = await client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'hi' } });
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe('EXTERNAL_RECEPTION_UNSET: no reception');
  });

  it('turns a throwing ask into an error result without details', async () => {
    await door.close();
    door = newDoor(async () => {
      throw new Error(`boom ${TOKEN}`);
    });
    await door.apply({ enabled: true, port, token: TOKEN });
    const client = await connect();
    const result = await client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'hi' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('boom');
  });
});

describe('the guard before the SDK', () => {
  const post = (headers: Record<string, string>, path = '/mcp') =>
    rawRequest(port, { headers: { ...MCP_POST_HEADERS, ...headers }, path, body: INITIALIZE_BODY });

  it('answers 401 without a token and with a wrong one, echoing nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${OTHER_TOKEN}` },
      { Authorization: TOKEN },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
      expect(response.body).not.toContain(OTHER_TOKEN);
      expect(response.body).not.toContain(TOKEN);
      expect(response.headers['mcp-session-id']).toBeUndefined();
    }
  });

  it('lets the right token through, with or without an own Origin', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const extras: Record<string, string>[] = [
      {},
      { Origin: `http://localhost:${port}` },
      { Origin: `http://127.0.0.1:${port}` },
    ];
    for (const extra of extras) {
      const response = await post({ ...auth, ...extra });
      expect(response.status).toBe(200);
      expect(response.headers['mcp-session-id']).toEqual(expect.any(String));
    }
  });

  it('answers 403 to a foreign Host, even with the right token', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, 'localhost.evil.example', `127.0.0.1:1`]) {
      const response = await post({ Authorization: `Bearer ${TOKEN}`, Host: host });
      expect(response.status).toBe(403);
      expect(response.body).not.toContain('evil');
    }
    for (const host of ['localhost', `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, '[::1]']) {
      expect((await post({ Authorization: `Bearer ${TOKEN}`, Host: host })).status).toBe(200);
    }
  });

  it('answers 403 to a foreign Origin, even with the right token', async () => {
    for (const origin of ['http://evil.example', `https://localhost:${port}`, `http://localhost:1`, 'null']) {
      const response = await post({ Authorization: `Bearer ${TOKEN}`, Origin: origin });
      expect(response.status).toBe(403);
      expect(response.body).not.toContain('evil');
    }
  });

  it('answers 404 to other paths', async () => {
    const response = await post({ Authorization: `Bearer ${TOKEN}` }, '/other');
    expect(response.status).toBe(404);
  });

  it('answers 413 to a body over 20 MiB and 400 to a non-JSON body, before any session exists', async () => {
    const auth = { ...MCP_POST_HEADERS, Authorization: `Bearer ${TOKEN}` };
    const big = await rawRequest(port, { headers: auth, body: `"${'x'.repeat(20 * 1024 * 1024)}"` });
    expect(big.status).toBe(413);
    const junk = await rawRequest(port, { headers: auth, body: '{not json' });
    expect(junk.status).toBe(400);
    expect(JSON.parse(junk.body)).toMatchObject({ error: { code: -32700 } });
  });

  it('reads a body over 20 MiB to its end before the 413, so the client gets the error, not EPIPE', async () => {
    const auth = { ...MCP_POST_HEADERS, Authorization: `Bearer ${TOKEN}` };
    for (const chunked of [false, true]) {
      const result = await upload(port, auth, 22 * 1024 * 1024, chunked);
      expect(result.errors).toEqual([]);
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Request body too large: the limit is 20 MiB' },
        id: null,
      });
    }
    // The SDK client reads the JSON-RPC error, and its session goes on.
    const client = await connect();
    const huge = client.callTool({
      name: DOOR_TOOL_NAME,
      arguments: { message: 'x'.repeat(21 * 1024 * 1024) },
    });
    await expect(huge).rejects.toMatchObject({
      code: 413,
      message: expect.stringContaining('Request body too large'),
    });
    const small = await client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'small' } });
    expect(textOf(small)).toBe('probe-client: small');
  });

  it('ends a session on DELETE', async () => {
    const { client, transport } = await connectClient(`http://127.0.0.1:${port}/mcp`, TOKEN);
    clients.push(client);
    await transport.terminateSession();
    await expect(client.listTools()).rejects.toThrow();
  });

  it('refuses a client with the wrong token', async () => {
    await expect(connect(OTHER_TOKEN)).rejects.toMatchObject({ code: 401 });
  });
});

describe('apply', () => {
  it('keeps enabled and listening apart when the port is busy, without throwing', async () => {
    const busyPort = await freePort();
    const holder = await occupy(busyPort);
    try {
      await expect(door.apply({ enabled: true, port: busyPort, token: TOKEN })).resolves.toBeUndefined();
      expect(door.status()).toEqual({
        enabled: true,
        listening: false,
        port: busyPort,
        url: null,
        lastError: `port ${busyPort} is in use`,
      });
    } finally {
      await release(holder);
    }
    await door.apply({ enabled: true, port: busyPort, token: TOKEN });
    expect(door.status()).toMatchObject({ listening: true, port: busyPort, lastError: null });
  });

  it('closes the port and the sessions when disabled', async () => {
    const client = await connect();
    await door.apply({ enabled: false, port, token: TOKEN });
    expect(door.status()).toEqual({ enabled: false, listening: false, port, url: null, lastError: null });
    await expect(
      rawRequest(port, { headers: MCP_POST_HEADERS, body: INITIALIZE_BODY }),
    ).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    await door.apply({ enabled: true, port, token: TOKEN });
    // The old session is gone: the server answers 404 and the SDK client surfaces it.
    await expect(client.listTools()).rejects.toThrow();
    expect((await (await connect()).listTools()).tools).toHaveLength(1);
  });

  it('rebinds when the port changes', async () => {
    const next = await freePort();
    await door.apply({ enabled: true, port: next, token: TOKEN });
    expect(door.status()).toMatchObject({ listening: true, port: next, url: `http://127.0.0.1:${next}/mcp` });
    await expect(
      rawRequest(port, { headers: MCP_POST_HEADERS, body: INITIALIZE_BODY }),
    ).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    port = next;
    expect((await (await connect()).listTools()).tools).toHaveLength(1);
  });

  it('takes a new token at once on the same port', async () => {
    const client = await connect();
    await door.apply({ enabled: true, port, token: OTHER_TOKEN });
    expect(door.status().listening).toBe(true);
    await expect(client.listTools()).rejects.toMatchObject({ code: 401 });
    expect((await (await connect(OTHER_TOKEN)).listTools()).tools).toHaveLength(1);
  });

  it('does not listen when enabled without a token', async () => {
    await door.apply({ enabled: true, port, token: null });
    expect(door.status()).toMatchObject({ enabled: true, listening: false, url: null });
    expect(door.status().lastError).toMatch(/token/);
  });

  it('does nothing after close', async () => {
    await door.close();
    await door.apply({ enabled: true, port, token: TOKEN });
    expect(door.status().listening).toBe(false);
  });
});

describe('session limits', () => {
  it('evicts the least recently used idle session past the cap, and sessions idle too long', async () => {
    await door.close();
    let now = 1_000;
    door = new McpDoor({ ask: echo, sessions: { maxSessions: 2, idleMs: 60_000, now: () => now } });
    await door.apply({ enabled: true, port, token: TOKEN });
    const first = await connect();
    now += 10;
    const second = await connect();
    now += 10;
    await first.listTools(); // first is now the more recently used
    now += 10;
    const third = await connect();
    await expect(second.listTools()).rejects.toThrow(/404|Session not found/);
    expect((await first.listTools()).tools).toHaveLength(1);
    expect((await third.listTools()).tools).toHaveLength(1);
    now += 120_000;
    await connect();
    await expect(first.listTools()).rejects.toThrow(/404|Session not found/);
  });
});
