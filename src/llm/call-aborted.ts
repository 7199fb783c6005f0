/**
 * The caller's signal stopped an HTTP round trip in flight (an interrupt, a stop, a cancelled outside
 * request). Not an LlmError: it is never retried, never logged as a retry stop, and never becomes an
 * error code. The provider may already have started (and may bill) the call, so the caller counts its
 * input as spent.
 */
export class LlmCallAborted extends Error {
  override readonly name = 'LlmCallAborted';
  constructor(
    backend: string,
    /** False when the signal was already aborted before the request went out: nothing to bill. */
    readonly sent: boolean,
    /**
     * A streamed reply stopped mid-way (issue 23): the text its deltas had shown, kept visible and
     * marked by the turn loop, never entering history. Null when nothing was streamed.
     */
    readonly partialText: string | null = null,
  ) {
    super(
      sent ? `the call to ${backend} was stopped before it answered` : `the call to ${backend} was not sent`,
    );
  }
}

export function isLlmCallAborted(value: unknown): value is LlmCallAborted {
  return value instanceof LlmCallAborted;
}
