/**
 * The HTTP backend: URL, headers, timeout and retries. It never reads a payload except through its
 * wire adapter, and the API key exists here only on its way into the auth header. A call given
 * `onDelta` on a wire that streams is streamed (http-stream-attempt.ts) under the same retry rules
 * and post-processing, so it resolves with the ChatResponse the whole call gives for the same reply.
 */
import type { DiagLog } from '../diag/log.ts';
import type { LlmConfig } from '../world/llm-config.ts';
import type { ChatOptions, LlmBackend } from './backend.ts';
import type { ChatRequest, ChatResponse } from './canonical.ts';
import { LlmCallAborted } from './call-aborted.ts';
import { flattenCause } from './flatten-cause.ts';
import { streamAttempt, type StreamAttemptDeps } from './http-stream-attempt.ts';
import { LlmError, type LlmErrorInfo } from './llm-error.ts';
import { authHeaders, BACKEND_NAMES, providerPath } from './provider.ts';
import {
  classifyStatus,
  fnvUnit,
  hintTooLongPrefix,
  mergeHints,
  parseRetryAfter,
  planWait,
} from './retry.ts';
import { StreamRefused } from './stream/stream-refusal.ts';
import { withUsageFallback } from './usage-fallback.ts';
import { wireFor } from './wires/index.ts';
import type { WireAdapter, WireContext } from './wires/wire.ts';

export interface HttpBackendDeps {
  log: DiagLog;
  fetch?: typeof fetch;
  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<boolean>;
  /** Jitter source in [0, 1] for the given attempt. */
  jitter?: (attempt: number) => number;
  now?: () => number;
}

const BODY_KEEP_CHARS = 2000;

/** Refusals already written, per log: a refused tool is named once, not on every call. */
const reportedRefusals = new WeakMap<DiagLog, Set<string>>();

export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class HttpLlmBackend implements LlmBackend {
  private readonly wire: WireAdapter;
  private readonly context: WireContext;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: NonNullable<HttpBackendDeps['sleep']>;
  private readonly jitter: NonNullable<HttpBackendDeps['jitter']>;
  private readonly now: () => number;
  /** The provider refused streaming for this backend's model: its calls go whole from now on. */
  private streamRefused = false;

  constructor(
    private readonly config: LlmConfig,
    private readonly deps: HttpBackendDeps,
  ) {
    this.wire = wireFor(config.provider);
    this.context = { provider: config.provider, model: config.model, template: config.template };
    this.fetchImpl = deps.fetch ?? fetch;
    this.sleep = deps.sleep ?? abortableSleep;
    this.now = deps.now ?? Date.now;
    this.jitter = deps.jitter ?? ((attempt) => fnvUnit([process.hrtime.bigint(), attempt, config.baseUrl]));
  }

  name(): string {
    return BACKEND_NAMES[this.config.provider];
  }

  async chat(request: ChatRequest, options: ChatOptions = {}): Promise<ChatResponse> {
    const url = `${this.config.baseUrl}${providerPath(this.config.provider, this.config.model)}`;
    const encoded = this.wire.encode(request, this.context);
    const body = JSON.stringify(encoded);
    this.reportToolRefusals(request);
    const headers = {
      'content-type': 'application/json',
      ...this.wire.headers(request, this.context),
      ...authHeaders(this.config.provider, this.config.apiKey),
    };
    const { onDelta, signal } = options;
    const streaming = this.wire.streaming;
    if (onDelta !== undefined && streaming !== undefined && !this.streamRefused) {
      const streamRequest = {
        url: streaming.url?.(url) ?? url,
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify(streaming.body(encoded, this.context)),
        onDelta,
        cancel: signal,
      };
      try {
        return await this.withRetries(signal, () =>
          // A fresh assembler per attempt: a retried stream starts from nothing.
          streamAttempt(this.streamDeps(body), {
            ...streamRequest,
            assembler: streaming.assembler(this.context),
          }),
        );
      } catch (error) {
        if (!(error instanceof StreamRefused)) throw error;
        // Asked again once, whole; this backend is one model, so its later calls go whole directly.
        this.streamRefused = true;
        this.deps.log.warn(
          `llm stream fallback: backend=${this.name()} model=${this.config.model} status=${error.status} reason=${error.reason}`,
        );
      }
    }
    return this.withRetries(signal, () => this.attempt(url, headers, body, signal));
  }

  /** Runs `attempt` under the retry rules (Spec 52): transient failures again, after a planned wait. */
  private async withRetries(
    signal: AbortSignal | undefined,
    attempt: () => Promise<ChatResponse>,
  ): Promise<ChatResponse> {
    const maxRetries = this.config.template.maxRetries;
    for (let n = 0; ; n += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        const counter = `${n + 1}/${maxRetries}`;
        if (!error.isTransient() || n >= maxRetries) {
          // A stream cut after part of the reply was shown is not retried, whatever its kind: said so.
          const cut = error.partialText !== null ? ' reason=stream_cut' : '';
          if (
            error.info.kind === 'api' ||
            error.info.kind === 'http' ||
            error.info.kind === 'empty_response' ||
            cut !== ''
          ) {
            this.deps.log.note(`llm retry stop: ${this.fields(error, counter)}${cut}`);
          }
          throw error;
        }
        // Already cancelled: no wait to plan, no retry line for a retry that will not happen.
        if (signal?.aborted) throw error;
        const hintMs = error.info.kind === 'api' ? error.info.retryAfterMs : null;
        const plan = planWait(n, hintMs, this.jitter(n));
        if (plan.kind === 'stop_hint_too_long') {
          this.deps.log.note(`llm retry stop: ${this.fields(error, counter)} reason=hint_too_long`);
          throw new LlmError(error.info, `${hintTooLongPrefix(plan.hintMs)}: ${error.message}`);
        }
        this.deps.log.note(`llm retry: ${this.fields(error, counter)} wait=${plan.ms}ms`);
        if (!(await this.sleep(plan.ms, signal))) throw error;
      }
    }
  }

  /**
   * What a streamed attempt shares with the whole path. `wholeBody` is the non-streaming request
   * body: the usage fallback estimates from it, so a streamed reply's ChatResponse equals the whole
   * one's to the token (the streaming body differs only by its `stream` fields).
   */
  private streamDeps(wholeBody: string): StreamAttemptDeps {
    return {
      fetch: this.fetchImpl,
      backend: this.name(),
      timeoutSecs: this.config.template.requestTimeoutSecs,
      redact: (text) => this.redact(text),
      apiError: (status, text, retryAfter) => this.apiError(status, text, retryAfter),
      errorSignal: (text) => this.wire.errorSignal(text),
      readWhole: (text) => this.readWhole(text, wholeBody),
      finishDecoded: (decoded) => this.finishDecoded(decoded, wholeBody),
      redactError: (error) => this.redactError(error),
    };
  }

  /** Tools the wire left out of the request: named in the log, so a person can act on them. */
  private reportToolRefusals(request: ChatRequest): void {
    const refusals = this.wire.toolRefusals?.(request) ?? [];
    if (refusals.length === 0) return;
    let seen = reportedRefusals.get(this.deps.log);
    if (!seen) reportedRefusals.set(this.deps.log, (seen = new Set()));
    for (const { tool, reason } of refusals) {
      const line = `llm tool refused: backend=${this.name()} model=${this.config.model} tool=${tool} reason=${reason}`;
      if (seen.has(line)) continue;
      seen.add(line);
      this.deps.log.warn(line);
    }
  }

  /** `model=… attempt=k/M status=… class=… code=… hint=… src=…` of the retry lines. */
  private fields(error: LlmError, counter: string): string {
    const info = error.info;
    const status = info.kind === 'api' ? String(info.status) : '-';
    const cls = info.kind === 'api' || info.kind === 'http' ? info.class : '-';
    const code = info.kind === 'api' && info.code ? info.code : '-';
    const hint =
      info.kind === 'api' && info.retryAfterMs !== null ? `${Math.ceil(info.retryAfterMs / 1000)}s` : '-';
    const src = info.kind === 'api' ? info.hintSrc : 'none';
    return `model=${this.config.model} attempt=${counter} status=${status} class=${cls} code=${code} hint=${hint} src=${src}`;
  }

  private async attempt(
    url: string,
    headers: Record<string, string>,
    body: string,
    cancel: AbortSignal | undefined,
  ): Promise<ChatResponse> {
    if (cancel?.aborted) throw new LlmCallAborted(this.name(), false);
    const timeoutMs = this.config.template.requestTimeoutSecs * 1000;
    const timeout = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await this.fetchImpl(url, {
        method: 'POST',
        headers,
        body,
        // The turn's signal stops the round trip at once, body included; the timeout stays its own.
        signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
        // A redirect would carry the key (x-api-key, x-goog-api-key survive it) to another host.
        redirect: 'manual',
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      // The caller's stop wins over a timeout that fired at the same moment: the call was sent either way.
      if (cancel?.aborted) throw new LlmCallAborted(this.name(), true);
      const timedOut = (error as Error | null)?.name === 'TimeoutError';
      const detail = this.redact(flattenCause(error));
      throw new LlmError(
        { kind: 'http', class: timedOut ? 'Timeout' : 'Network', detail },
        timedOut
          ? `no answer from ${this.name()} within ${this.config.template.requestTimeoutSecs} s`
          : `could not reach ${this.name()}: ${detail}`,
      );
    }
    if (status < 200 || status > 299) throw this.apiError(status, text, retryAfter);
    return this.readWhole(text, body);
  }

  /** A 2xx body read whole: JSON, the wire's decode, then the post-processing. */
  private readWhole(text: string, sentBody: string): ChatResponse {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LlmError(
        { kind: 'parse', raw: this.redact(text).slice(0, BODY_KEEP_CHARS) },
        `${this.name()} answered with a body that is not JSON`,
      );
    }
    let decoded: ChatResponse;
    try {
      decoded = this.wire.decode(json, this.context);
    } catch (error) {
      // The decoders keep the raw body for diagnosis: it may echo the key too.
      if (error instanceof LlmError) throw this.redactError(error);
      // Anything else (a TypeError on a body no decoder foresaw) is still a body we could not read:
      // a typed parse error, never an unhandled exception out of the turn.
      throw new LlmError(
        { kind: 'parse', raw: this.redact(text).slice(0, BODY_KEEP_CHARS) },
        `${this.name()} answered with a body that could not be read: ${this.redact(String(error)).slice(0, 300)}`,
      );
    }
    return this.finishDecoded(decoded, sentBody);
  }

  /** The same for a whole body and an assembled stream: dropped parts, notes, usage, empty answers. */
  private finishDecoded(decoded: ChatResponse, sentBody: string): ChatResponse {
    this.noteDropped(decoded.dropped);
    return checkProduced(withUsageFallback(this.redactNotes(decoded), sentBody));
  }

  /**
   * A decoder's or stream parser's error with every text it carries redacted: a parse error keeps
   * the raw body, and an error event in a stream (which this class alone can redact) its body,
   * code and message.
   */
  private redactError(error: LlmError): LlmError {
    const info = error.info;
    const redacted: LlmErrorInfo =
      info.kind === 'parse'
        ? { ...info, raw: this.redact(info.raw).slice(0, BODY_KEEP_CHARS) }
        : info.kind === 'api'
          ? {
              ...info,
              body: this.redact(info.body).slice(0, BODY_KEEP_CHARS),
              code: info.code === null ? null : this.redact(info.code),
            }
          : info.kind === 'http'
            ? { ...info, detail: this.redact(info.detail) }
            : info;
    return new LlmError(redacted, this.redact(error.message), error.partialText);
  }

  /** Parts that mapped to neither text, tool calls nor grounding are counted, never silently lost. */
  private noteDropped(dropped: Record<string, number>): void {
    const kinds = Object.entries(dropped).filter(([, n]) => n > 0);
    if (kinds.length === 0) return;
    const count = kinds.reduce((sum, [, n]) => sum + n, 0);
    // The kind names are the body's own `type` texts: redacted like any other echo of it.
    this.deps.log.note(
      this.redact(
        `dropped content blocks: kinds=${kinds.map(([k, n]) => `${k}:${n}`).join(',')} count=${count}`,
      ),
    );
  }

  /**
   * Instrument notes carry names read from the body (`pplx tools:` invocation keys, `openai search:`
   * api_names) into the log the orchestrator writes: redacted here, where the key is known.
   */
  private redactNotes(response: ChatResponse): ChatResponse {
    if (response.notes === undefined) return response;
    return {
      ...response,
      notes: response.notes.map((note) => ({ ...note, fields: this.redact(note.fields) })),
    };
  }

  private apiError(status: number, text: string, retryAfter: string | null): LlmError {
    // The body may echo the key anywhere, its error code included: redact before reading it.
    const signal = this.wire.errorSignal(this.redact(text));
    const { hintMs, src } = mergeHints(parseRetryAfter(retryAfter, this.now()), signal.retryAfterMs);
    const code = signal.code === null ? null : signal.code.slice(0, 40);
    const said = signal.message ? `: ${this.redact(signal.message).slice(0, 300)}` : '';
    return new LlmError(
      {
        kind: 'api',
        status,
        body: this.redact(text).slice(0, BODY_KEEP_CHARS),
        class: classifyStatus(status, code, this.wire.billingAware),
        code,
        retryAfterMs: hintMs,
        hintSrc: src,
      },
      `${this.name()} answered ${status}${said}`,
    );
  }

  /** Some providers quote the key they were sent; it never leaves this class. */
  private redact(text: string): string {
    let out = text;
    for (const key of new Set([this.config.apiKey, this.config.apiKey?.trim()])) {
      if (key && key.length >= 4) out = out.split(key).join('[redacted]');
    }
    return out;
  }
}

/**
 * A reply with neither text nor tool calls: cut by the output limit (OutputTruncated, paid, not
 * retried) or blocked. An empty answer that simply stopped is returned as it is: the turn loop turns
 * it into 「（発言なし）」, and retrying would bill the same empty answer again. An empty answer with an
 * unknown finish is EmptyResponse, paid and not retried.
 */
export function checkProduced(response: ChatResponse): ChatResponse {
  if (response.text.trim() !== '' || response.toolCalls.length > 0) return response;
  switch (response.finish) {
    case 'length':
      return throwError(
        { kind: 'output_truncated', usage: response.usage },
        'the output limit was reached before any text or tool call',
      );
    case 'content_filter':
      return throwError(
        { kind: 'blocked', reason: 'content_filter', usage: response.usage },
        'the provider blocked the answer',
      );
    case 'other':
      return throwError(
        { kind: 'empty_response', usage: response.usage },
        'the model returned an empty answer',
      );
    default:
      return response;
  }
}

function throwError(info: ConstructorParameters<typeof LlmError>[0], message: string): never {
  throw new LlmError(info, message);
}

export { flattenCause };
