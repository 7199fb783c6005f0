import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/server/app.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

/** A raw request, so Host and Origin can be set to anything (fetch forbids changing Host). */
function rawPost(
  village: TestVillage,
  path: string,
  headers: Record<string, string>,
  body = '{}',
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: village.server.port, path, method: 'POST', headers, setHost: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('API transport', () => {
  let village: TestVillage;
  beforeAll(async () => {
    village = await startTestVillage();
    await village.ready();
  });
  afterAll(async () => {
    await village.close();
    await removeRoot(village.root);
  });

  const auth = () => ({
    authorization: `Bearer ${village.server.token}`,
    'content-type': 'application/json',
  });

  it('answers boot_status with ready and no error', async () => {
    expect(await village.ok('boot_status')).toEqual({ ready: true, error: null, warnings: [] });
  });

  it('refuses a missing or wrong token with 401 UNAUTHORIZED', async () => {
    const missing = await village.call('get_world', {}, { headers: { authorization: '' } });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
    const wrong = await village.call('get_world', {}, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('refuses a non-loopback Host with 403 FORBIDDEN (DNS rebinding)', async () => {
    const res = await rawPost(village, '/api/get_world', {
      ...auth(),
      host: `evil.example:${village.server.port}`,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const ok = await rawPost(village, '/api/get_world', {
      ...auth(),
      host: `localhost:${village.server.port}`,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a foreign Origin with 403 and accepts its own', async () => {
    const host = `127.0.0.1:${village.server.port}`;
    const foreign = await rawPost(village, '/api/get_world', {
      ...auth(),
      host,
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    const own = await rawPost(village, '/api/get_world', {
      ...auth(),
      host,
      origin: `http://localhost:${village.server.port}`,
    });
    expect(own.status).toBe(200);
  });

  it('answers malformed JSON with 400 INVALID_ARGUMENT', async () => {
    const res = await village.call('get_world', '{"spec": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const array = await village.call('get_world', '[1,2]');
    expect(array.status).toBe(400);
  });

  it('answers wrong argument types with 400 naming the field', async () => {
    const res = await village.call<{ code: string; message: string }>('set_token_budget', {
      tokenBudget: 'lots',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ARGUMENT');
    expect(res.body.message).toContain('tokenBudget');
    const missing = await village.call('create_agent', {});
    expect(missing.status).toBe(400);
  });

  it('answers unknown commands with 404 UNKNOWN_COMMAND, including prototype names', async () => {
    for (const name of ['no_such_command', 'constructor', '__proto__', 'toString']) {
      const res = await village.call(name);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_COMMAND' });
    }
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE and keeps serving', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(MAX_BODY_BYTES + 10) });
    const res = await village.call('write_ordinance', big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await village.call('boot_status')).status).toBe(200);
  });

  it('refuses GET on a command', async () => {
    const res = await fetch(`${village.server.url}/api/get_world`, {
      headers: { authorization: `Bearer ${village.server.token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a body on GET and an absolute-form target for another host with the typed payload', async () => {
    const send = (request: string) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const socket = connect(village.server.port, '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as Record<string, unknown> });
        });
      });
    const withBody = await send('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello');
    expect(withBody).toMatchObject({ status: 400, body: { code: 'INVALID_ARGUMENT', retryable: false } });
    const absolute = await send(
      `POST http://evil.example/api/get_world HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${village.server.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(absolute).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    // Refused by the adapter itself (no URL can be built from this Host), through the real server.
    const oddHost = await send(
      'GET /api/boot_status HTTP/1.1\r\nHost: localhost:99999\r\nConnection: close\r\n\r\n',
    );
    expect(oddHost).toMatchObject({ status: 400, body: { code: 'INVALID_ARGUMENT', agentId: null } });
    const malformed = await send('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(malformed).toMatchObject({ status: 400, body: { code: 'INVALID_ARGUMENT' } });
  });

  it('keeps serving after a burst of bad requests', async () => {
    const bad = [
      '{',
      'null',
      '"x"',
      '{"agentId": {"$gt": 1}}',
      JSON.stringify({ agentId: 'a'.repeat(5000) }),
    ];
    const results = await Promise.all(bad.map((body) => village.call('delete_agent', body)));
    for (const r of results) expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await village.ok('boot_status')).toEqual({ ready: true, error: null, warnings: [] });
  });
});

describe('the web UI over HTTP', () => {
  let village: TestVillage;
  beforeAll(async () => {
    village = await startTestVillage();
  });
  afterAll(async () => {
    await village.close();
    await removeRoot(village.root);
  });

  it('serves the app at / and at any page path without a token; assets are hashed files', async () => {
    for (const path of ['/', '/sessions/somewhere']) {
      const response = await fetch(`${village.server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      expect(html).toContain('<div id="app">');
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const js = await fetch(`${village.server.url}${asset}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('answers a missing file with 404 JSON, and pages keep the Host guard', async () => {
    const missing = await fetch(`${village.server.url}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'UNKNOWN_COMMAND' });
    const evil = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: village.server.port,
          path: '/',
          headers: { host: 'evil.example' },
          setHost: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(evil).toBe(403);
  });
});
