/**
 * A provider that cannot stream for a model says so with a 400 or 422 whose error names the
 * streaming fields (OpenAI's "Unsupported value: 'stream' does not support true with this model",
 * an OpenAI-compatible server's "stream_options is not supported", "streaming is not available for
 * this model"). Such a call is asked again once without streaming (issue 23). Pure.
 */

/** `stream`, `stream_options`, `streaming`, `streams` as words ("upstream" is not one of them). */
const STREAM_WORD = /(?<![a-z0-9])stream(?:_options|ing|s)?(?![a-z0-9])/i;

const REASON_MAX_CHARS = 120;

/**
 * Whether an error answer to a stream request refuses the streaming itself, and the reason for the
 * log (the provider's message, else its code, else the body, on one line and short). `said` is
 * what the wire's errorSignal read from the body; the body itself is looked at too, as some
 * servers send plain text. Everything passed in is already redacted.
 */
export function streamRefusal(
  status: number,
  said: { code: string | null; message: string | null },
  body: string,
): string | null {
  if (status !== 400 && status !== 422) return null;
  const texts = [said.message ?? '', said.code ?? '', body];
  if (!texts.some((text) => STREAM_WORD.test(text))) return null;
  const reason = said.message ?? said.code ?? body;
  const line = reason.replace(/\s+/g, ' ').trim();
  return line === '' ? 'stream refused' : line.slice(0, REASON_MAX_CHARS);
}

/**
 * Thrown by the stream attempt when the provider refused streaming (never an LlmError, so the retry
 * loop passes it through untouched); the backend then asks again whole.
 */
export class StreamRefused extends Error {
  override readonly name = 'StreamRefused';
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`streaming refused (${status}): ${reason}`);
  }
}
