/**
 * Body limits over a real socket (issue 24 moved the limiter off Hono's per-request stream): a body
 * with a Content-Length is judged by its length, a chunked one (or one with no length) by its bytes as
 * they come; a refused body closes the connection (its unread rest would be read as the next request),
 * a body within the limit keeps the connection for the next request.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/server/body-limits.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

interface Answer {
  /** Every status line the socket carried, in order. */
  statuses: number[];
  connection: string | undefined;
  bodies: string[];
}

/** Writes `request` as is; reads until the server closes (or `waitMs` passes). */
function raw(port: number, request: string, waitMs = 3000): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    // A refused body may be cut by the server while it is still being written: what came back counts.
    socket.on('error', () => undefined);
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      // Pipelined answers follow one another with no line break after a body.
      const parts = text.split(/HTTP\/1\.1 (?=\d{3} )/).slice(1);
      const statuses = parts.map((part) => Number(part.slice(0, 3)));
      const connection = /^connection: (\S+)/im.exec(text)?.[1]?.toLowerCase();
      const bodies = parts.map((part) => part.slice(part.indexOf('\r\n\r\n') + 4));
      resolve({ statuses, connection, bodies });
    });
  });
}

let village: TestVillage;
let head: (path: string, extra?: string) => string;
beforeAll(async () => {
  village = await startTestVillage();
  await village.ready();
  head = (path, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${village.server.token}\r\n` +
    `Content-Type: application/json\r\n${extra}`;
});
afterAll(async () => {
  await village.close();
  await removeRoot(village.root);
});

const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

describe('body limits', () => {
  it('a chunked body within the limit is read and the connection kept for the next request', async () => {
    const request =
      head('/api/get_world', 'Transfer-Encoding: chunked\r\n\r\n') +
      chunk('{') +
      chunk('}') +
      '0\r\n\r\n' +
      head('/api/boot_status', 'Content-Length: 2\r\nConnection: close\r\n\r\n{}');
    const answer = await raw(village.server.port, request);
    expect(answer.statuses).toEqual([200, 200]);
    expect(JSON.parse(answer.bodies[0]!)).toHaveProperty('agents');
  });

  it('a chunked body over the limit is refused with PAYLOAD_TOO_LARGE and the connection closed', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const pieces = Math.ceil(MAX_BODY_BYTES / piece.length) + 1;
    const request =
      head('/api/write_ordinance', 'Transfer-Encoding: chunked\r\n\r\n') +
      chunk('{"content":"') +
      Array.from({ length: pieces }, () => chunk(piece)).join('') +
      chunk('"}') +
      '0\r\n\r\n';
    const answer = await raw(village.server.port, request);
    expect(answer.statuses).toEqual([413]);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.bodies[0]!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a Content-Length over the limit is refused unread, and the connection closed', async () => {
    const request = head('/api/write_ordinance', `Content-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n{"content":"`);
    const answer = await raw(village.server.port, request);
    expect(answer.statuses).toEqual([413]);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.bodies[0]!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a POST with neither length nor chunks has an empty body: the command runs with no arguments', async () => {
    const request = head('/api/get_world', 'Connection: close\r\n\r\n');
    const answer = await raw(village.server.port, request);
    expect(answer.statuses).toEqual([200]);
  });

  it('a command that fails after reading its body keeps the connection', async () => {
    const request =
      head('/api/get_world', 'Content-Length: 2\r\n\r\n{]') +
      head('/api/boot_status', 'Content-Length: 2\r\nConnection: close\r\n\r\n{}');
    const answer = await raw(village.server.port, request);
    expect(answer.statuses).toEqual([400, 200]);
    expect(JSON.parse(answer.bodies[0]!)).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
