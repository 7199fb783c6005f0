import type { ErrorPayload } from './types.ts';

/** A failed command: the server's ErrorPayload, or IPC_FAILED when the server could not be reached. */
export class ApiError extends Error {
  constructor(readonly payload: ErrorPayload) {
    super(payload.message);
    this.name = 'ApiError';
  }
  get code(): string {
    return this.payload.code;
  }
}

const TOKEN_KEY = 'fuseforks.apiToken';

/**
 * The API token comes in the printed URL (`/?token=`); it is kept for this tab only and removed
 * from the address bar so it does not land in history or screenshots.
 */
export function takeToken(location: Location, storage: Storage, history: History): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY);
}

/** A token the token page checked (TokenPage.vue), kept like one that came in the URL. */
export function rememberToken(storage: Storage, token: string): void {
  storage.setItem(TOKEN_KEY, token);
}

/** A stored token the server refused: the next load asks again instead of retrying it. */
export function forgetToken(storage: Storage): void {
  storage.removeItem(TOKEN_KEY);
}

export function ipcFailure(message: string): ErrorPayload {
  return { code: 'IPC_FAILED', message, detail: null, agentId: null, retryable: true } as ErrorPayload;
}

export interface Api {
  readonly token: string;
  /**
   * `args` as an object is sent as JSON; a Blob is sent as it is, already JSON (a body too large to
   * build as one string on the main thread: an attachment, attachment-file.ts `sendUserMessageBody`).
   */
  call<T = unknown>(command: string, args?: Record<string, unknown> | Blob): Promise<T>;
}

export function createApi(token: string, base = ''): Api {
  return {
    token,
    async call<T>(command: string, args: Record<string, unknown> | Blob = {}): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${base}/api/${command}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: args instanceof Blob ? args : JSON.stringify(args),
        });
      } catch {
        throw new ApiError(ipcFailure('サーバーに接続できません'));
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        throw new ApiError(ipcFailure(`HTTP ${response.status}`));
      }
      if (!response.ok) {
        const payload = body as ErrorPayload | null;
        throw new ApiError(
          payload && typeof payload.code === 'string' ? payload : ipcFailure(`HTTP ${response.status}`),
        );
      }
      return body as T;
    },
  };
}
