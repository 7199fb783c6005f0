/**
 * One streamed round trip (issue 23): the request with the wire's streaming body, the reply read as
 * it arrives (read-event-stream.ts), failures made into the errors the whole path gives. The
 * backend (http-backend.ts) owns retries, redaction and the post-processing; this owns the socket
 * and its clock.
 *
 * Timeout (the template's `requestTimeoutSecs`, T): one idle clock, started when the request goes
 * out and started over when the headers arrive and on every chunk. So the answer must begin within
 * T and no gap between chunks may exceed T, while a reply that keeps streaming is never cut for
 * taking longer than T in all (the whole path's T bounds the whole round trip instead: a long
 * reasoning reply that streams for minutes must not fail there).
 */
import type { ChatResponse } from './canonical.ts';
import { LlmCallAborted } from './call-aborted.ts';
import { LlmError } from './llm-error.ts';
import { flattenCause } from './flatten-cause.ts';
import { readEventStream, StreamReadError, StreamShown } from './stream/read-event-stream.ts';
import { SseOverflowError } from './stream/sse-decoder.ts';
import type { StreamAssembler, StreamDelta } from './stream/stream-delta.ts';
import { streamRefusal, StreamRefused } from './stream/stream-refusal.ts';
import type { ErrorSignal } from './wires/wire.ts';

export interface StreamAttemptDeps {
  fetch: typeof fetch;
  /** `LlmBackend.name()`, for messages. */
  backend: string;
  timeoutSecs: number;
  redact(text: string): string;
  /** The Api error for a non-2xx answer, as the whole path builds it (redacted). */
  apiError(status: number, text: string, retryAfter: string | null): LlmError;
  errorSignal(body: string): ErrorSignal;
  /** A 2xx JSON body (the provider ignored `stream`): read as the whole path reads it. */
  readWhole(text: string): ChatResponse;
  /** The whole path's post-processing of a decoded response (notes, usage fallback, empty checks). */
  finishDecoded(decoded: ChatResponse): ChatResponse;
  /** A failure the assembler reported (an error event, a broken or cut stream), redacted. */
  redactError(error: LlmError): LlmError;
}

export interface StreamAttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  assembler: StreamAssembler;
  onDelta: (delta: StreamDelta) => void;
  cancel: AbortSignal | undefined;
}

export async function streamAttempt(
  deps: StreamAttemptDeps,
  request: StreamAttemptRequest,
): Promise<ChatResponse> {
  const { cancel } = request;
  if (cancel?.aborted) throw new LlmCallAborted(deps.backend, false);
  const stop = new AbortController();
  const clock = { timedOut: false, headersIn: false, timer: undefined as NodeJS.Timeout | undefined };
  const restartClock = () => {
    clearTimeout(clock.timer);
    clock.timer = setTimeout(() => {
      clock.timedOut = true;
      stop.abort();
    }, deps.timeoutSecs * 1000);
  };
  const shown = new StreamShown();
  /** What the caller's onDelta threw: passed on as it is, never read as the provider's failure. */
  let callerError: { error: unknown } | null = null;

  /** A failure of the stream's content (an error event, a cut or broken stream) as a typed error. */
  const unreadable = (error: unknown): LlmError => {
    if (error instanceof LlmError) return deps.redactError(error);
    const what = error instanceof SseOverflowError ? error.message : deps.redact(String(error)).slice(0, 300);
    // Anything else (a TypeError on an event no parser foresaw) is still a reply we could not read.
    return new LlmError({ kind: 'parse', raw: '' }, `${deps.backend} stream could not be read: ${what}`);
  };

  const cut = (failure: LlmError): LlmError => (shown.visible ? failure.cutAfter(shown.text) : failure);

  /** A socket failure (or the caller's stop, or the clock) as the whole path names it. */
  const transportError = (error: unknown): Error => {
    const partial = shown.visible ? shown.text : null;
    // The caller's stop wins over a timeout that fired at the same moment: the call was sent either way.
    if (cancel?.aborted) return new LlmCallAborted(deps.backend, true, partial);
    const secs = deps.timeoutSecs;
    const detail = deps.redact(flattenCause(error));
    const failure = clock.timedOut
      ? new LlmError(
          { kind: 'http', class: 'Timeout', detail: clock.headersIn ? `idle for ${secs} s` : detail },
          clock.headersIn
            ? `${deps.backend} sent nothing for ${secs} s in the middle of its reply`
            : `no answer from ${deps.backend} within ${secs} s`,
        )
      : new LlmError(
          { kind: 'http', class: 'Network', detail },
          clock.headersIn
            ? `the reply from ${deps.backend} broke off: ${detail}`
            : `could not reach ${deps.backend}: ${detail}`,
        );
    return partial === null ? failure : failure.cutAfter(partial);
  };

  restartClock();
  try {
    let response: Response;
    try {
      response = await deps.fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: cancel ? AbortSignal.any([stop.signal, cancel]) : stop.signal,
        // A redirect would carry the key (x-api-key, x-goog-api-key survive it) to another host.
        redirect: 'manual',
      });
    } catch (error) {
      throw transportError(error);
    }
    clock.headersIn = true;
    restartClock();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status < 200 || response.status > 299 || /json/i.test(contentType)) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw transportError(error);
      }
      if (response.status >= 200 && response.status <= 299) return deps.readWhole(text);
      const redacted = deps.redact(text);
      const refusal = streamRefusal(response.status, deps.errorSignal(redacted), redacted);
      if (refusal !== null) throw new StreamRefused(response.status, deps.redact(refusal));
      throw deps.apiError(response.status, text, response.headers.get('retry-after'));
    }
    let decoded: ChatResponse;
    try {
      decoded = await readEventStream({
        body: response.body,
        assembler: request.assembler,
        shown,
        onChunk: restartClock,
        onDelta: (delta) => {
          try {
            request.onDelta(delta);
          } catch (error) {
            callerError = { error };
            throw error;
          }
        },
      });
    } catch (error) {
      if (callerError !== null) throw (callerError as { error: unknown }).error;
      if (!(error instanceof StreamReadError)) throw cut(unreadable(error));
      if (cancel?.aborted) throw transportError(error.failure);
      // The socket broke or went idle: the events already read may have said how the reply ended.
      decoded = afterBrokenSocket(
        request.assembler,
        () => transportError(error.failure),
        (failure) => cut(unreadable(failure)),
      );
    }
    return deps.finishDecoded(decoded);
  } finally {
    clearTimeout(clock.timer);
    // Whatever ended the attempt, the socket goes with it (a no-op once the body was read whole).
    stop.abort();
  }
}

/**
 * The reply as far as the events went, when the socket failed before its end. A stream whose final
 * event had come (the connection reset before the body's own end) is the whole reply; one that had
 * carried an error event is that error (the provider's word, rather than the broken socket or the
 * idle clock after it); anything else was cut, and the socket's failure says so.
 */
function afterBrokenSocket(
  assembler: StreamAssembler,
  socketFailure: () => Error,
  streamFailure: (error: LlmError) => LlmError,
): ChatResponse {
  try {
    return assembler.finish();
  } catch (error) {
    if (error instanceof LlmError && error.info.kind === 'api') throw streamFailure(error);
    throw socketFailure();
  }
}
