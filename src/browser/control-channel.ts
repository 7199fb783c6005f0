import { CoreError } from '../domain/errors.ts';
import type { CdpConnection } from './cdp-connection.ts';
import { CdpProtocolError, CdpTransportError } from './cdp-connection.ts';

/** A tab-bookkeeping command that gets no answer in this long means Chromium itself is stuck. */
export const CONTROL_TIMEOUT_MS = 5_000;

/**
 * The service's browser-level CDP socket for tab bookkeeping. Every command has a ceiling (a stopped
 * or wedged Chromium must not hold a request for good), and a lost socket is BROWSER_NOT_RUNNING.
 * Protocol answers (`{error}`) are passed on as CdpProtocolError for the caller to name.
 */
export class ControlChannel {
  constructor(readonly connection: CdpConnection) {}

  async send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const ceiling = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new CoreError('BROWSER_NOT_RUNNING', 'the browser does not answer', {
              detail: `${method} got no answer within ${CONTROL_TIMEOUT_MS} ms; stop and start it again`,
            }),
          ),
        CONTROL_TIMEOUT_MS,
      );
    });
    const work = this.connection.send<T>(method, params, sessionId);
    work.catch(() => undefined);
    try {
      return await Promise.race([work, ceiling]);
    } catch (error) {
      if (error instanceof CdpTransportError) {
        throw new CoreError('BROWSER_NOT_RUNNING', 'the browser is gone', {
          detail: `${error.message}; start it again`,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.connection.close();
  }
}

/** A protocol refusal as a typed error: a target that is gone is "tab not found", anything else failed. */
export function protocolError(error: unknown, what: string, targetId?: string): unknown {
  if (!(error instanceof CdpProtocolError)) return error;
  if (targetId !== undefined && /no target|not found/i.test(error.message)) {
    return new CoreError('BROWSER_TAB_NOT_FOUND', `tab not found: ${targetId}`, {
      detail: 'list the tabs again',
    });
  }
  return new CoreError('BROWSER_ACTION_FAILED', `${what} failed: ${error.message}`);
}
