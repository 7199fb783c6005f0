import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DiagLog } from '../../diag/log.ts';
import type { Language } from '../../domain/enums.ts';
import { DEFAULT_DOOR_PORT, type DoorSettings } from './door-settings-codec.ts';
import { DOOR_PATH, doorRefusal, sendJsonRpcError, sendRefusal, tokenDigest } from './door-guard.ts';
import { DoorGate } from './door-gate.ts';
// Types only: the sessions and the tool load the SDK's server half (tens of ms), so `listen` imports
// them when the door opens; a village with the door off never loads them.
import type { DoorSessions, SessionLimits } from './door-sessions.ts';
import type { DoorAsk } from './door-tool.ts';

/** The door binds here only (ledger part 5, MCP server 4). */
export const DOOR_HOST = '127.0.0.1';

export interface McpDoorOptions {
  ask: DoorAsk;
  /** The village language, read per call (absent: English, for tests of the door alone). */
  language?: () => Language;
  log?: DiagLog;
  /** The door refused an attachment argument before asking (the village writes its refusal line). */
  onAttachmentRefused?: () => void;
  /** Session cap and idle limit; the defaults unless a test needs small ones. */
  sessions?: SessionLimits;
}

/**
 * `enabled` is what the settings say, `listening` whether the port is really open: a busy port makes
 * "on but not listening", reported in `lastError` rather than as a failed save (ledger §2.8).
 */
export interface DoorStatus {
  enabled: boolean;
  listening: boolean;
  port: number;
  /** What an outside client puts in its configuration; null while not listening. */
  url: string | null;
  lastError: string | null;
}

interface Listening {
  http: Server;
  sessions: DoorSessions;
  /** The port asked for (0 lets the system choose, for tests) and the one bound. */
  requested: number;
  bound: number;
}

/**
 * The village's own MCP server: outside clients (Claude Code and the like) call `ask_fuseforks` over
 * streamable HTTP at `http://127.0.0.1:{port}/mcp` with `Authorization: Bearer {token}`. The door knows
 * nothing about agents: `ask` answers. The token is never logged or returned.
 */
export class McpDoor {
  private readonly gate = new DoorGate();
  private settings: DoorSettings = { enabled: false, port: DEFAULT_DOOR_PORT, token: null };
  private digest: Buffer | null = null;
  private live: Listening | null = null;
  private lastError: string | null = null;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: McpDoorOptions) {}

  /**
   * Starts, stops or rebinds to match the settings. Never throws for a bind failure (see `status`).
   * A new token on the same port takes effect at once without dropping sessions: every request is checked.
   */
  apply(settings: DoorSettings): Promise<void> {
    return this.serial(() => this.applyNow({ ...settings }));
  }

  status(): DoorStatus {
    const { enabled, port } = this.settings;
    const live = this.live;
    return {
      enabled,
      listening: live !== null,
      port: live?.bound ?? port,
      url: live ? `http://${DOOR_HOST}:${live.bound}${DOOR_PATH}` : null,
      lastError: this.lastError,
    };
  }

  /** Closes the port and every session for good; later `apply` calls do nothing. */
  close(): Promise<void> {
    return this.serial(async () => {
      this.closed = true;
      await this.stop();
      this.digest = null;
    });
  }

  private async applyNow(settings: DoorSettings): Promise<void> {
    if (this.closed) return;
    this.settings = settings;
    if (!settings.enabled || settings.token === null) {
      this.digest = null;
      await this.stop();
      this.lastError = settings.enabled ? 'the door has no token yet' : null;
      return;
    }
    this.digest = tokenDigest(settings.token);
    if (this.live?.requested === settings.port) return;
    await this.stop();
    try {
      this.live = await this.listen(settings.port);
      this.lastError = null;
      this.options.log?.note(`mcp door: listening on ${DOOR_HOST}:${this.live.bound}`);
    } catch (error) {
      this.lastError = bindProblem(error, settings.port);
      this.options.log?.warn(`mcp door: not listening: ${this.lastError}`);
    }
  }

  private async listen(port: number): Promise<Listening> {
    const [{ DoorSessions }, { createDoorServer }] = await Promise.all([
      import('./door-sessions.ts'),
      import('./door-tool.ts'),
    ]);
    const sessions = new DoorSessions(
      (hooks) =>
        createDoorServer({
          ask: this.options.ask,
          language: this.options.language ?? (() => 'en'),
          gate: this.gate,
          log: this.options.log,
          onAttachmentRefused: this.options.onAttachmentRefused,
          hangUpSignal: hooks.hangUpSignal,
        }),
      this.options.sessions,
    );
    const http = createServer((req, res) => void this.onRequest(req, res, sessions));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen({ host: DOOR_HOST, port, exclusive: true }, () => {
        http.off('error', reject);
        resolve();
      });
    });
    http.on('error', (error) => this.options.log?.warn(`mcp door: server error: ${errorCode(error)}`));
    return { http, sessions, requested: port, bound: (http.address() as AddressInfo).port };
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse, sessions: DoorSessions): Promise<void> {
    const live = this.live;
    const digest = this.digest;
    if (live === null || live.sessions !== sessions || digest === null) {
      return sendJsonRpcError(res, 503, -32000, 'The door is closing');
    }
    const refusal = doorRefusal(req, live.bound, digest);
    if (refusal) return sendRefusal(res, refusal);
    try {
      await sessions.handle(req, res);
    } catch (error) {
      this.options.log?.warn(`mcp door: request failed: ${errorCode(error)}`);
      sendJsonRpcError(res, 500, -32603, 'Internal error');
    }
  }

  private async stop(): Promise<void> {
    const live = this.live;
    if (live === null) return;
    this.live = null;
    await live.sessions.closeAll();
    await new Promise<void>((resolve) => {
      live.http.close(() => resolve());
      live.http.closeAllConnections();
    });
    this.options.log?.note(`mcp door: closed ${DOOR_HOST}:${live.bound}`);
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function bindProblem(error: unknown, port: number): string {
  const code = errorCode(error);
  if (code === 'EADDRINUSE') return `port ${port} is in use`;
  if (code === 'EACCES') return `port ${port} is not allowed (EACCES)`;
  return `could not listen on ${DOOR_HOST}:${port} (${code})`;
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown error';
}
