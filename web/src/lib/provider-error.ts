import type { ErrorPayload } from './types.ts';

/**
 * A provider that refused the key (LLM_API with HTTP 401 or 403; the LLM layer writes the status as
 * `status 401 …` in the detail, src/llm/llm-error.ts): the fix is the template's API key, not a retry.
 * The core reads the same for the chat's System line (refusedKeyStatus in src/orchestrator/texts.ts).
 */
export function refusedKeyStatus(error: Pick<ErrorPayload, 'code' | 'detail'>): 401 | 403 | null {
  if (error.code !== 'LLM_API') return null;
  const status = /^status (401|403)\b/.exec(error.detail ?? '')?.[1];
  return status === '401' ? 401 : status === '403' ? 403 : null;
}
