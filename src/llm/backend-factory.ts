import type { DiagLog } from '../diag/log.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { llmConfigFromTemplate } from '../world/llm-config.ts';
import type { LlmBackend } from './backend.ts';
import { EchoBackend } from './echo-backend.ts';
import { HttpLlmBackend, type HttpBackendDeps } from './http-backend.ts';

/** A template whose baseUrl is `echo:` talks to the echo backend (no network, no key). */
export function isEchoTemplate(template: Pick<ModelTemplate, 'baseUrl'>): boolean {
  return template.baseUrl.startsWith('echo:');
}

/** The backend for a template; refuses an `unset` credential before anything touches the network. */
export async function createLlmBackend(
  template: ModelTemplate,
  secrets: SecretStore,
  deps: HttpBackendDeps & { log: DiagLog },
): Promise<LlmBackend> {
  if (isEchoTemplate(template)) return new EchoBackend();
  return new HttpLlmBackend(await llmConfigFromTemplate(template, secrets), deps);
}
