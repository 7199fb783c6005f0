import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { readJsonBody, type DoorBody } from './door-body.ts';
import { upload } from './test-kit.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** What readJsonBody makes of a real upload of `bytes`, with a 1 KiB bound and a 4 KiB drain bound. */
async function readUpload(bytes: number, chunked: boolean): Promise<DoorBody> {
  let read!: (body: DoorBody) => void;
  const got = new Promise<DoorBody>((r) => (read = r));
  const server = createServer((req: IncomingMessage, res) => {
    void readJsonBody(req, 1024, 4096).then((body) => {
      read(body);
      res.end();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  void upload(port, {}, bytes, chunked);
  return got;
}

it('reads a body over the bound to its end, up to the drain bound', async () => {
  expect(await readUpload(3000, false)).toEqual({ kind: 'too_large', drained: true });
  expect(await readUpload(3000, true)).toEqual({ kind: 'too_large', drained: true });
});

it('gives up draining past the drain bound', async () => {
  expect(await readUpload(10_000, false)).toEqual({ kind: 'too_large', drained: false });
  expect(await readUpload(300_000, true)).toEqual({ kind: 'too_large', drained: false });
});
