import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../domain/events.ts';
import { isLoopbackHost, isOwnOrigin, tokenMatches } from './guard.ts';

export const EVENTS_PATH = '/api/events';
const PING_MS = 30_000;

/**
 * `GET /api/events` upgraded to a WebSocket: one JSON frame per core event. The same host, origin
 * and token checks as the HTTP API (the token comes as `?token=` since browsers cannot set headers).
 */
export function attachEventsSocket(
  server: Server,
  bus: EventBus,
  token: string,
  port: () => number,
): () => void {
  const wss = new WebSocketServer({ noServer: true });

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== EVENTS_PATH) return refuse(socket, '404 Not Found');
    if (!isLoopbackHost(request.headers.host) || !isOwnOrigin(request.headers.origin, port())) {
      return refuse(socket, '403 Forbidden');
    }
    if (!tokenMatches(url.searchParams.get('token'), token)) return refuse(socket, '401 Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  });

  const serve = (ws: WebSocket) => {
    const unsubscribe = bus.subscribe((event) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
    });
    const ping = setInterval(() => ws.ping(), PING_MS);
    ping.unref();
    ws.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    ws.on('error', () => ws.terminate());
  };

  return () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
