/**
 * "Test connection" (issue 25): one cheap request through the real LLM client for a template as
 * it is being edited, with its saved credential (or none). Nothing is stored, no tool and no search
 * is offered, no retry: the person learns in seconds whether the key, model and base URL work.
 */
import type { DiagLog } from '../../diag/log.ts';
import { isCoreError, type ErrorCode } from '../../domain/errors.ts';
import type { Language } from '../../domain/enums.ts';
import { SKILL_TOGGLES, type ModelTemplate } from '../../domain/template.ts';
import { createLlmBackend } from '../../llm/backend-factory.ts';
import type { ChatRequest } from '../../llm/canonical.ts';
import { isLlmCallAborted } from '../../llm/call-aborted.ts';
import { isLlmError, type LlmError } from '../../llm/llm-error.ts';
import type { SecretStore } from '../../secrets/secret-store.ts';
import { probeAdvice, type ProbeFailure } from './advice.ts';

/** A test waits at most this long, or the template's own request timeout when that is shorter. */
export const PROBE_TIMEOUT_SECS = 15;
/** Enough for any wire to accept (the Responses API refuses fewer than 16 output tokens). */
export const PROBE_MAX_OUTPUT_TOKENS = 16;
/** The most of the model's reply the answer carries. */
export const REPLY_SAMPLE_CHARS = 80;

export type ProbeResult =
  | { ok: true; model: string; backend: string; latencyMs: number; replySample: string }
  | {
      ok: false;
      /** The ledger's code of the failure; null when the person cancelled. */
      code: ErrorCode | null;
      /** The provider's HTTP status, when it answered with an error. */
      status: number | null;
      failure: ProbeFailure;
      /** The client's own message (English, like every core message; never the key). */
      message: string;
      /** What to do, in the village language. */
      advice: string;
      latencyMs: number;
    };

export interface ProbeDeps {
  secrets: SecretStore;
  log: DiagLog;
  language: Language;
  signal?: AbortSignal;
}

const PROBE_REQUEST: ChatRequest = {
  system: { stable: '', volatile: '' },
  messages: [{ role: 'user', content: 'Reply with one word: ready' }],
  tools: [],
  toolChoice: 'auto',
  effort: null,
  temperature: null,
  maxOutputTokens: PROBE_MAX_OUTPUT_TOKENS,
};

/** The template as the probe sends it: short timeout, no retry, no stream, no search skills. */
export function probeTemplate(template: ModelTemplate): ModelTemplate {
  const skillsOff = Object.fromEntries(SKILL_TOGGLES.map((key) => [key, false]));
  return {
    ...template,
    ...skillsOff,
    requestTimeoutSecs: Math.min(template.requestTimeoutSecs, PROBE_TIMEOUT_SECS),
    maxRetries: 0,
    stream: false,
    useTools: false,
  };
}

function apiFailure(error: LlmError): ProbeFailure {
  const info = error.info;
  if (info.kind === 'http') return info.class === 'Timeout' ? 'timeout' : 'base_url';
  if (info.kind === 'parse') return 'not_llm';
  if (info.kind !== 'api') return 'request';
  switch (info.class) {
    case 'Auth':
      return 'key';
    case 'Billing':
      return 'billing';
    case 'RateLimit':
    case 'Overloaded':
      return 'rate_limit';
    case 'ServerError':
      return 'provider_down';
    default:
      return info.status === 404 ? 'model' : 'request';
  }
}

export async function testTemplateConnection(template: ModelTemplate, deps: ProbeDeps): Promise<ProbeResult> {
  const sent = probeTemplate(template);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (
    failure: ProbeFailure,
    code: ErrorCode | null,
    message: string,
    status: number | null = null,
  ): ProbeResult => {
    deps.log.note(
      `template connection test: model=${template.model} result=${code ?? 'cancelled'}${status === null ? '' : ` status=${status}`} ms=${elapsed()}`,
    );
    return {
      ok: false,
      code,
      status,
      failure,
      message,
      advice: probeAdvice(failure, deps.language),
      latencyMs: elapsed(),
    };
  };
  try {
    const backend = await createLlmBackend(sent, deps.secrets, { log: deps.log });
    const response = await backend
      .chat(PROBE_REQUEST, deps.signal ? { signal: deps.signal } : {})
      .catch((error: unknown) => {
        // The model answered but its few tokens held no text (a thinking model): the connection works.
        if (
          isLlmError(error) &&
          (error.info.kind === 'output_truncated' || error.info.kind === 'empty_response')
        )
          return { text: '' };
        throw error;
      });
    deps.log.note(
      `template connection test: backend=${backend.name()} model=${template.model} result=ok ms=${elapsed()}`,
    );
    return {
      ok: true,
      model: template.model,
      backend: backend.name(),
      latencyMs: elapsed(),
      replySample: [...response.text.trim()].slice(0, REPLY_SAMPLE_CHARS).join(''),
    };
  } catch (error) {
    if (isLlmCallAborted(error)) return fail('cancelled', null, error.message);
    if (isLlmError(error)) {
      const status = error.info.kind === 'api' ? error.info.status : null;
      return fail(apiFailure(error), error.code, error.message, status);
    }
    // No usable credential: refused before anything touched the network (not "the provider refused").
    if (isCoreError(error) && (error.code === 'LLM_CONFIG' || error.code === 'CREDENTIAL_MISSING'))
      return fail('no_key', error.code, error.message);
    throw error;
  }
}
