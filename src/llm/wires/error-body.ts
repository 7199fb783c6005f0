import type { ErrorSignal } from './wire.ts';

/** The signal of an error body nobody could read. */
export const NO_SIGNAL: ErrorSignal = { code: null, retryAfterMs: null, message: null };

/** An error body as JSON, or undefined: error bodies may be HTML, plain text or empty. */
export function parseErrorJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
