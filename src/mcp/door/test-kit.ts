import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A port nobody listens on right now (a throwaway listener picks it, then lets it go). */
export async function freePort(): Promise<number> {
  const server = await occupy(0);
  const port = (server.address() as { port: number }).port;
  await release(server);
  return port;
}

/** Holds a loopback port so the door finds it busy. */
export function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => resolve(server));
  });
}

export function release(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The SDK's real client over real HTTP, the way Claude Code talks to the door. `Connection: close`
 * keeps fetch from pooling sockets across tests that turn the door off and on: a pooled socket the
 * door closed can be handed to the next client before fetch notices, failing it with "other side closed".
 */
export async function connectClient(
  url: string,
  token: string,
  name = 'probe-client',
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, Connection: 'close' } },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw HTTP request with exactly the headers given (fetch would not let a test set Host). */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/mcp',
        headers: options.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A JSON-RPC initialize body, for raw requests. */
export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

export const MCP_POST_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

export interface UploadResult extends RawResponse {
  /** Errors the client saw on its side (EPIPE, ECONNRESET), by code. */
  errors: string[];
}

/**
 * POSTs `bytes` of spaces as fast as the socket takes them, with Content-Length or chunked, and
 * reports the response and every client-side error until the socket is gone.
 */
export function upload(
  port: number,
  headers: Record<string, string>,
  bytes: number,
  chunked: boolean,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const result: UploadResult = { status: 0, headers: {}, body: '', errors: [] };
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/mcp',
        headers: chunked ? headers : { ...headers, 'Content-Length': String(bytes) },
        agent: false,
      },
      (res) => {
        result.status = res.statusCode ?? 0;
        result.headers = res.headers;
        res.on('data', (chunk: Buffer) => (result.body += chunk.toString()));
        res.on('error', (error: NodeJS.ErrnoException) => result.errors.push(error.code ?? error.message));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => result.errors.push(error.code ?? error.message));
    req.on('close', () => setImmediate(() => resolve(result)));
    const piece = Buffer.alloc(256 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        const size = Math.min(piece.length, bytes - sent);
        sent += size;
        if (!req.write(piece.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}
