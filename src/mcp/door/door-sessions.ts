import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, isJSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { DOOR_MAX_BODY_BYTES, isJsonContentType, readJsonBody } from './door-body.ts';
import { sendJsonRpcError } from './door-guard.ts';

/** What a session's MCP server may ask of its session. */
export interface SessionHooks {
  /**
   * Aborts when the HTTP request carrying this JSON-RPC request is dropped before its answer, or when
   * the door closes (a request still running is then answered, interrupted, before its session goes).
   */
  hangUpSignal(requestId: RequestId): AbortSignal;
}

interface DoorSession {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  hangUps: Map<string, AbortSignal>;
  lastUsedMs: number;
}

export interface SessionLimits {
  /** Sessions kept at most; a new one past this evicts the least recently used idle one. */
  maxSessions?: number;
  /** A session unused this long is closed (a client that exits never says goodbye). */
  idleMs?: number;
  now?: () => number;
}

export const DOOR_MAX_SESSIONS = 64;
/** How long a closing door waits for the answers of interrupted requests to reach their clients. */
const DOOR_CLOSE_GRACE_MS = 2_000;
export const DOOR_SESSION_IDLE_MS = 60 * 60 * 1000;

/**
 * The door's MCP sessions: one McpServer + StreamableHTTPServerTransport per client session, keyed by
 * `Mcp-Session-Id`. Requests arrive here only after the guard (Host, Origin, token, path).
 */
export class DoorSessions {
  private readonly sessions = new Map<string, DoorSession>();
  private readonly closing = new AbortController();

  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly makeServer: (hooks: SessionHooks) => McpServer,
    limits: SessionLimits = {},
  ) {
    this.maxSessions = Math.max(1, limits.maxSessions ?? DOOR_MAX_SESSIONS);
    this.idleMs = limits.idleMs ?? DOOR_SESSION_IDLE_MS;
    this.now = limits.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? '';
    if (method === 'POST') return this.handlePost(req, res);
    if (method !== 'GET' && method !== 'DELETE') {
      return sendJsonRpcError(res, 405, -32000, 'Method not allowed.', { Allow: 'GET, POST, DELETE' });
    }
    const session = this.lookup(req, res);
    if (session) await session.transport.handleRequest(req, res);
  }

  /**
   * Before a new session: sessions idle too long are closed, and at the cap the least recently used
   * idle one goes. A session with a request in flight is never evicted.
   */
  private makeRoom(): void {
    const idle = [...this.sessions.entries()].filter(([, s]) => s.hangUps.size === 0);
    const stale = idle.filter(([, s]) => this.now() - s.lastUsedMs > this.idleMs);
    for (const [id] of stale) this.evict(id);
    if (this.sessions.size < this.maxSessions) return;
    const oldest = idle
      .filter(([id]) => this.sessions.has(id))
      .sort(([, a], [, b]) => a.lastUsedMs - b.lastUsedMs)[0];
    if (oldest) this.evict(oldest[0]);
  }

  private evict(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    void session.server.close().catch(() => undefined);
  }

  /**
   * Closes every session. Requests still running are interrupted first and their answers sent (for at
   * most `graceMs`): closing a transport with a request in it would leave that client waiting for an
   * answer that never comes, until its own timeout (600 s in the README's Claude Code config).
   */
  async closeAll(graceMs = DOOR_CLOSE_GRACE_MS): Promise<void> {
    this.closing.abort(new Error('the door is closing'));
    const all = [...this.sessions.values()];
    const deadline = Date.now() + graceMs;
    while (all.some((session) => session.hangUps.size > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.sessions.clear();
    await Promise.allSettled(all.map((session) => session.server.close()));
  }

  private async handlePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isJsonContentType(req.headers['content-type'])) {
      return sendJsonRpcError(
        res,
        415,
        -32000,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    }
    const body = await readJsonBody(req);
    if (body.kind === 'too_large') {
      const message = `Request body too large: the limit is ${DOOR_MAX_BODY_BYTES / (1024 * 1024)} MiB`;
      return sendJsonRpcError(res, 413, -32000, message, body.drained ? {} : { Connection: 'close' });
    }
    if (body.kind === 'invalid') return sendJsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
    const messages: unknown[] = Array.isArray(body.value) ? body.value : [body.value];
    if (req.headers['mcp-session-id'] === undefined && messages.some(isInitializeRequest)) {
      this.makeRoom();
      return this.open(req, res, body.value);
    }
    const session = this.lookup(req, res);
    if (!session) return;
    // Use is counted on POSTs (what a client asks), not on its long-lived GET event stream.
    session.lastUsedMs = this.now();
    this.watchHangUp(session, res, messages);
    await session.transport.handleRequest(req, res, body.value);
  }

  /** A new session for an initialize request; it is kept only once the SDK has initialized it. */
  private async open(req: IncomingMessage, res: ServerResponse, parsed: unknown): Promise<void> {
    const hangUps = new Map<string, AbortSignal>();
    const closing = this.closing.signal;
    const server = this.makeServer({
      hangUpSignal: (id) => {
        const hangUp = hangUps.get(requestKey(id));
        return hangUp ? AbortSignal.any([hangUp, closing]) : closing;
      },
    });
    let session: DoorSession | null = null;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { transport, server, hangUps, lastUsedMs: this.now() };
        this.sessions.set(id, session);
      },
    });
    server.server.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && this.sessions.get(id)?.transport === transport) this.sessions.delete(id);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
    if (session === null) await server.close();
  }

  private lookup(req: IncomingMessage, res: ServerResponse): DoorSession | null {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string' || id === '') {
      sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return null;
    }
    const session = this.sessions.get(id);
    if (!session) sendJsonRpcError(res, 404, -32001, 'Session not found');
    return session ?? null;
  }

  /**
   * The SDK aborts a handler on `notifications/cancelled` or when the session closes, but not when the
   * client drops the HTTP request it is waiting on (a client that exits without cancelling). Those
   * requests get a signal of their own here, which the tool joins to the SDK's.
   */
  private watchHangUp(session: DoorSession, res: ServerResponse, messages: unknown[]): void {
    const keys = messages.filter(isJSONRPCRequest).map((message) => requestKey(message.id));
    if (keys.length === 0) return;
    const hangUp = new AbortController();
    for (const key of keys) session.hangUps.set(key, hangUp.signal);
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort(new Error('the client closed the connection'));
      for (const key of keys) {
        if (session.hangUps.get(key) === hangUp.signal) session.hangUps.delete(key);
      }
    });
  }
}

function requestKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}
