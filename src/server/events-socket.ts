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

  const parseRequestUrl = (raw: string | undefined): URL | null => {
    try {
      return new URL(raw ?? '/', 'http://localhost');
    } catch {
      return null;
    }
  };

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node drops its own error listener once it hands the socket over: a reset must not crash us.
    socket.on('error', () => socket.destroy());
    try {
      const url = parseRequestUrl(request.url);
      if (url === null) return refuse(socket, '400 Bad Request');
      if (url.pathname !== EVENTS_PATH) return refuse(socket, '404 Not Found');
      if (!isLoopbackHost(request.headers.host) || !isOwnOrigin(request.headers.origin, port())) {
        return refuse(socket, '403 Forbidden');
      }
      if (!tokenMatches(url.searchParams.get('token'), token)) return refuse(socket, '401 Unauthorized');
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
    } catch {
      socket.destroy();
    }
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
