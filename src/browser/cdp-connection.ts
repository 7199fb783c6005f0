import WebSocket from 'ws';

/** A CDP protocol error answer (`{error: {code, message}}`), apart from transport failures. */
export class CdpProtocolError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message}`);
    this.name = 'CdpProtocolError';
  }
}

/** The socket closed or could not be opened: no answer will come. */
export class CdpTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdpTransportError';
  }
}

type Pending = { method: string; resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * One browser-level CDP WebSocket of our own (not Playwright's), so nothing sent here waits in
 * Playwright's per-page queue. Sessions are flat (`Target.attachToTarget({flatten: true})`): one
 * socket carries the browser and every attached target, told apart by `sessionId`.
 */
export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedError: CdpTransportError | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(String(data)));
    socket.on('close', () => this.failAll(new CdpTransportError('the CDP socket closed')));
    socket.on('error', () => this.failAll(new CdpTransportError('the CDP socket failed')));
  }

  /** Opens the socket; gives up after `timeoutMs` or when `signal` aborts. */
  static open(url: string, timeoutMs: number, signal?: AbortSignal): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const fail = (message: string) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.terminate();
        reject(new CdpTransportError(message));
      };
      const onAbort = () => fail('aborted while opening the CDP socket');
      const timer = setTimeout(() => fail(`the CDP socket did not open within ${timeoutMs} ms`), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.once('open', () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        socket.removeAllListeners();
        resolve(new CdpConnection(socket));
      });
      socket.once('error', (error) => fail(`the CDP socket could not open (${error.name})`));
    });
  }

  get closed(): boolean {
    return this.closedError !== null;
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(
        JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }),
      );
    });
  }

  /** Closes at once (no closing handshake to wait for); pending commands fail. */
  close(): void {
    this.failAll(new CdpTransportError('the CDP socket was closed'));
    this.socket.terminate();
  }

  private onMessage(text: string): void {
    let message: { id?: number; result?: unknown; error?: { code?: number; message?: string } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id !== 'number') return; // an event: nothing here listens to events
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    if (message.error) {
      entry.reject(
        new CdpProtocolError(entry.method, message.error.code ?? 0, message.error.message ?? 'error'),
      );
    } else entry.resolve(message.result ?? {});
  }

  private failAll(error: CdpTransportError): void {
    this.closedError ??= error;
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}
