import { CoreError } from '../domain/errors.ts';
import { detectProvider, type Provider } from '../domain/enums.ts';
import type { ModelTemplate } from '../domain/template.ts';
import { secretForUrl } from '../secrets/bound-secret.ts';
import type { SecretStore } from '../secrets/secret-store.ts';

/** What the HTTP layer needs to reach a provider. The secret lives here only until it is a header. */
export interface LlmConfig {
  provider: Provider;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  template: ModelTemplate;
}

/** Refuses `unset` before anything touches the network (ledger part 2 §5.6). */
export async function llmConfigFromTemplate(
  template: ModelTemplate,
  secrets: SecretStore,
): Promise<LlmConfig> {
  const base = {
    provider: template.provider ?? detectProvider(template.baseUrl),
    baseUrl: template.baseUrl,
    model: template.model,
    template,
  };
  switch (template.credential) {
    case 'unset':
      throw new CoreError('LLM_CONFIG', `template "${template.name}" has no credential set`, {
        detail: 'set an API key for the template, or mark it as not requiring one',
      });
    case 'not_required':
      return { ...base, apiKey: null };
    case 'keyring': {
      const found = secretForUrl(await secrets.get(template.id), template.baseUrl);
      if (found.kind === 'none') {
        throw new CoreError('CREDENTIAL_MISSING', `template "${template.name}" has no stored secret`);
      }
      if (found.kind === 'other_origin') {
        throw new CoreError(
          'LLM_CONFIG',
          `the key of template "${template.name}" was set for another endpoint`,
          {
            detail: 'set the key again for this base URL',
          },
        );
      }
      return { ...base, apiKey: found.secret };
    }
  }
}
