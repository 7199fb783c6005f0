/**
 * Every refusal of the HTTP adapter is the typed payload `{code, message, detail, agentId, retryable}`
 * (issue 17 §7), and no message grows with its input. In-process through `app.request`, and over a
 * real socket with raw bytes (node:net) for what only the Node server and @hono/node-server see.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdapter, type AdapterUnderTest } from './helpers/http-adapter.ts';

const PAYLOAD_KEYS = ['agentId', 'code', 'detail', 'message', 'retryable'];

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  text: string;
}

/** Sends `request` as is and reads the answer until the server closes the connection. */
function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const bodyText = rest.join('\r\n\r\n');
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(bodyText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, text });
    });
  });
}

function expectTyped(answer: { status: number; body: unknown }, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body, JSON.stringify(answer.body)).not.toBeNull();
  expect(Object.keys(answer.body as object).sort()).toEqual(PAYLOAD_KEYS);
  expect((answer.body as { code: string }).code).toBe(code);
}

let adapter: AdapterUnderTest;
beforeAll(async () => {
  adapter = await startAdapter();
});
afterAll(async () => {
  await adapter.close();
});

const auth = () => ({
  host: 'localhost',
  authorization: `Bearer ${adapter.token}`,
  'content-type': 'application/json',
});

describe('refusals in process (app.request)', () => {
  it('a body on GET, HEAD, DELETE or OPTIONS is refused, typed, before anything reads it', async () => {
    for (const method of ['DELETE', 'OPTIONS']) {
      // Over the wire a body always comes with its framing header; a Request built here does not add it.
      const res = await adapter.app.request('/api/get_world', {
        method,
        headers: { ...auth(), 'content-length': '2' },
        body: '{}',
      });
      expectTyped({ status: res.status, body: await res.json() }, 400, 'INVALID_ARGUMENT');
      expect(res.headers.get('connection')).toBe('close');
    }
    for (const method of ['GET', 'HEAD']) {
      // A Request cannot carry a GET body; the announcing headers are what the server sees.
      const res = await adapter.app.request('/', {
        method,
        headers: { host: 'localhost', 'content-length': '5' },
      });
      expect(res.status, method).toBe(400);
      if (method === 'GET') expect(await res.json()).toMatchObject({ message: 'GET requests take no body' });
    }
    const chunked = await adapter.app.request('/', {
      headers: { host: 'localhost', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(400);
  });

  it('a request target in absolute form for another host is refused like a foreign Host', async () => {
    const res = await adapter.app.request('http://evil.example/api/get_world', {
      method: 'POST',
      headers: auth(),
      body: '{}',
    });
    expectTyped({ status: res.status, body: await res.json() }, 403, 'FORBIDDEN');
  });

  it('a body with 40,000 unknown keys gets a short message naming a few of them', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`key${i}`, i])));
    const res = await adapter.app.request('/api/read_ordinance', { method: 'POST', headers: auth(), body });
    const payload = (await res.json()) as { message: string };
    expectTyped({ status: res.status, body: payload }, 400, 'INVALID_ARGUMENT');
    expect(payload.message).toBe(
      'arguments: unknown keys "key0", "key1", "key2", "key3", "key4" and 39995 more',
    );
  });

  it('lists at most three problems, cuts long keys and says how many more there were', async () => {
    const longKey = 'k'.repeat(50_000);
    const res = await adapter.app.request('/api/create_agent', {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        spec: { name: 5, order: -1, hearsRoomLog: 'x', usesBlackboard: 'y', ragSources: 'z', [longKey]: 1 },
      }),
    });
    const payload = (await res.json()) as { message: string };
    expectTyped({ status: res.status, body: payload }, 400, 'INVALID_ARGUMENT');
    expect(payload.message.length).toBeLessThan(700);
    expect(payload.message).toMatch(
      /^spec\.name: [^;]+; spec\.\w+: [^;]+; spec\.\w+: [^;]+ \(and 3 more problems\)$/,
    );

    const long = await adapter.app.request('/api/read_ordinance', {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ [longKey]: 1 }),
    });
    const cut = ((await long.json()) as { message: string }).message;
    expect(cut).toBe(`arguments: unknown key "${'k'.repeat(39)}…"`);
  });
});

describe('refusals over a real socket (the Node server and @hono/node-server)', () => {
  const get = (target: string, headers: string) =>
    `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

  it.each([
    ['a port out of range', get('/', 'Host: localhost:99999\r\n')],
    ['a space in the host', get('/', 'Host: local host\r\n')],
    ['user info in the host', get('/', 'Host: a@localhost\r\n')],
    ['an unclosed IPv6 host', get('/', 'Host: [::1\r\n')],
    ['no Host on HTTP/1.1', get('/', '')],
    ['no Host on HTTP/1.0', 'GET / HTTP/1.0\r\n\r\n'],
    ['a backslash in the path', get('/a\\b', 'Host: localhost\r\n')],
    ['OPTIONS *', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
  ])('odd Host or target (%s): typed 400', async (_what, request) => {
    const answer = await raw(adapter.port, request);
    expectTyped(answer, 400, 'INVALID_ARGUMENT');
    expect(answer.headers['content-type']).toContain('application/json');
  });

  it('a foreign Host is refused with the same payload as in process', async () => {
    expectTyped(await raw(adapter.port, get('/', 'Host: evil.example\r\n')), 403, 'FORBIDDEN');
    expectTyped(
      await raw(adapter.port, get('http://evil.example/', 'Host: localhost\r\n')),
      403,
      'FORBIDDEN',
    );
  });

  it('a body on GET (Content-Length or chunked) is refused, typed, and the socket closed', async () => {
    const sized = await raw(
      adapter.port,
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello',
    );
    expectTyped(sized, 400, 'INVALID_ARGUMENT');
    expect(sized.body?.message).toBe('GET requests take no body');
    expect(sized.headers.connection).toBe('close');
    const chunked = await raw(
      adapter.port,
      'GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    );
    expectTyped(chunked, 400, 'INVALID_ARGUMENT');
  });

  it('an ordinary command failure after its body was read keeps the connection alive', async () => {
    const agent = new Agent({ keepAlive: true });
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const body = '{"agentId":"nope"}';
        const req = request(
          {
            host: '127.0.0.1',
            port: adapter.port,
            path: '/api/start_agent',
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${adapter.token}`, 'content-type': 'application/json' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    agent.destroy();
    expectTyped({ status: answer.status, body: JSON.parse(answer.body) }, 404, 'AGENT_NOT_FOUND');
    expect(answer.connection).toBe('keep-alive');
  });

  it.each([
    ['a malformed request line', 'BLAH\r\n\r\n', 400, 'INVALID_ARGUMENT'],
    [
      'a control character in a header',
      'GET / HTTP/1.1\r\nHost: localhost\r\nX: a\x01b\r\n\r\n',
      400,
      'INVALID_ARGUMENT',
    ],
    [
      'a bad Content-Length',
      'POST /api/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
      400,
      'INVALID_ARGUMENT',
    ],
    [
      'a broken chunk',
      'POST /api/x HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      400,
      'INVALID_ARGUMENT',
    ],
    [
      'headers over the limit',
      `GET / HTTP/1.1\r\nHost: localhost\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('Node parser refusal (%s): typed', async (_what, request, status, code) => {
    const answer = await raw(adapter.port, request);
    expectTyped(answer, status, code);
    // Bounded: the 20,000-character header is not echoed.
    expect(answer.text.length).toBeLessThan(600);
  });

  it('refused WebSocket upgrades answer the typed payload too', async () => {
    const upgrade = (target: string, host: string, extra = '') =>
      `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${extra}\r\n`;
    expectTyped(await raw(adapter.port, upgrade('/elsewhere', 'localhost')), 404, 'UNKNOWN_COMMAND');
    expectTyped(await raw(adapter.port, upgrade('/api/events', 'evil.example')), 403, 'FORBIDDEN');
    // The absolute form names another host whatever Host says, as for plain requests.
    expectTyped(
      await raw(adapter.port, upgrade(`ws://evil.example/api/events?token=${adapter.token}`, 'localhost')),
      403,
      'FORBIDDEN',
    );
    expectTyped(await raw(adapter.port, upgrade('/api/events', 'localhost')), 401, 'UNAUTHORIZED');
    const badKey = await raw(
      adapter.port,
      upgrade(`/api/events?token=${adapter.token}`, 'localhost', 'Sec-WebSocket-Version: 13\r\n'),
    );
    expectTyped(badKey, 400, 'INVALID_ARGUMENT');
    expect(badKey.body?.message).toBe(
      'not a WebSocket handshake: Missing or invalid Sec-WebSocket-Key header',
    );

    // And after every refusal above, the server still serves.
    const answer = await raw(
      adapter.port,
      `POST /api/boot_status HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${adapter.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ready: true, error: null, warnings: [] });
  });
});
