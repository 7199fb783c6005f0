import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../domain/events.ts';
import { CoreError } from '../domain/errors.ts';
import { rawErrorResponse } from './error-response.ts';
import { isLoopbackRequest, isOwnOrigin, refusals, tokenMatches } from './guard.ts';

export const EVENTS_PATH = '/api/events';
const PING_MS = 30_000;

/** The subprotocol the server answers with; the token travels as a second offered protocol. */
export const EVENTS_PROTOCOL = 'fuseforks.events';
const TOKEN_PROTOCOL_PREFIX = 'fuseforks.token.';

/**
 * The token of an upgrade request: `?token=` (scripts), or the offered subprotocol
 * `fuseforks.token.<token>` (the web UI: browsers cannot set headers, and a URL with the token would
 * be printed in the console on every failed reconnect).
 */
export function upgradeToken(url: URL, offered: string | undefined): string | null {
  const protocol = (offered ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return protocol ? protocol.slice(TOKEN_PROTOCOL_PREFIX.length) : url.searchParams.get('token');
}

/**
 * `GET /api/events` upgraded to a WebSocket: one JSON frame per core event. The same host, origin
 * and token checks as the HTTP API.
 */
export function attachEventsSocket(
  server: Server,
  bus: EventBus,
  token: string,
  port: () => number,
): () => void {
  // A client that offered protocols must get one back (the token one is never echoed).
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false),
  });

  const parseRequestUrl = (raw: string | undefined): URL | null => {
    try {
      return new URL(raw ?? '/', 'http://localhost');
    } catch {
      return null;
    }
  };

  // Refused upgrades answer the typed payload every other refusal has (issue 17 §7).
  const refuse = (socket: Duplex, error: CoreError) => {
    socket.end(rawErrorResponse(error));
  };
  // The handshake checks of ws itself (method, Upgrade, key, version): its messages are its own
  // fixed words, never the request's.
  wss.on('wsClientError', (error: Error, socket: Duplex) => {
    refuse(socket, new CoreError('INVALID_ARGUMENT', `not a WebSocket handshake: ${error.message}`));
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node drops its own error listener once it hands the socket over: a reset must not crash us.
    socket.on('error', () => socket.destroy());
    try {
      const url = parseRequestUrl(request.url);
      if (url === null) {
        return refuse(socket, new CoreError('INVALID_ARGUMENT', 'the request target cannot be read'));
      }
      if (url.pathname !== EVENTS_PATH) return refuse(socket, refusals.route());
      if (!isLoopbackRequest(request.headers.host, url)) return refuse(socket, refusals.host());
      if (!isOwnOrigin(request.headers.origin, port())) return refuse(socket, refusals.origin());
      const offered = request.headers['sec-websocket-protocol'];
      if (!tokenMatches(upgradeToken(url, offered), token)) return refuse(socket, refusals.token());
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
