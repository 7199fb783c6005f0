import { describe, expect, it } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import { parseModelTemplateId } from '../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../domain/template.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { llmConfigFromTemplate } from './llm-config.ts';

class MemorySecretStore implements SecretStore {
  readonly kind = 'file' as const;
  readonly secrets = new Map<string, string>();
  readonly reads: string[] = [];

  async get(key: string): Promise<string | null> {
    this.reads.push(key);
    return this.secrets.get(key) ?? null;
  }

  async set(key: string, secret: string): Promise<void> {
    this.secrets.set(key, secret);
  }

  async delete(key: string): Promise<void> {
    this.secrets.delete(key);
  }
}

function template(overrides: Partial<ModelTemplate> = {}): ModelTemplate {
  return {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl_test'),
    name: 'Test template',
    baseUrl: 'https://llm.example.com/v1',
    model: 'model-x',
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<CoreError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

describe('llmConfigFromTemplate', () => {
  it('refuses an unset credential with LLM_CONFIG without reading the store', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('tpl_test', 'sk-present');
    const error = await rejection(llmConfigFromTemplate(template({ credential: 'unset' }), secrets));
    expect(error.code).toBe('LLM_CONFIG');
    expect(error.message).not.toContain('sk-present');
    expect(secrets.reads).toEqual([]);
  });

  it('the defaults have an unset credential', async () => {
    const error = await rejection(llmConfigFromTemplate(template(), new MemorySecretStore()));
    expect(error.code).toBe('LLM_CONFIG');
  });

  it('returns the stored secret for a keyring credential', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('tpl_test', 'sk-stored');
    await secrets.set('other', 'sk-other');
    const t = template({ credential: 'keyring' });
    const config = await llmConfigFromTemplate(t, secrets);
    expect(config.apiKey).toBe('sk-stored');
    expect(config.baseUrl).toBe('https://llm.example.com/v1');
    expect(config.model).toBe('model-x');
    expect(config.template).toBe(t);
    expect(secrets.reads).toEqual(['tpl_test']);
  });

  it('refuses a keyring credential with no stored secret with CREDENTIAL_MISSING', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('other', 'sk-other');
    const error = await rejection(llmConfigFromTemplate(template({ credential: 'keyring' }), secrets));
    expect(error.code).toBe('CREDENTIAL_MISSING');
  });

  it('returns a null apiKey for not_required without reading the store', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('tpl_test', 'sk-unused');
    const config = await llmConfigFromTemplate(template({ credential: 'not_required' }), secrets);
    expect(config.apiKey).toBeNull();
    expect(secrets.reads).toEqual([]);
  });

  it('detects anthropic from the base url when provider is null', async () => {
    const config = await llmConfigFromTemplate(
      template({ credential: 'not_required', provider: null, baseUrl: 'https://api.anthropic.com/v1' }),
      new MemorySecretStore(),
    );
    expect(config.provider).toBe('anthropic');
  });

  it('detects open_ai_compat for any other base url when provider is null', async () => {
    for (const baseUrl of ['https://api.openai.com/v1', 'http://localhost:11434/v1']) {
      const config = await llmConfigFromTemplate(
        template({ credential: 'not_required', provider: null, baseUrl }),
        new MemorySecretStore(),
      );
      expect(config.provider).toBe('open_ai_compat');
    }
  });

  it('keeps an explicit provider', async () => {
    const anthropicOnOtherHost = await llmConfigFromTemplate(
      template({
        credential: 'not_required',
        provider: 'anthropic',
        baseUrl: 'https://proxy.example.com/v1',
      }),
      new MemorySecretStore(),
    );
    expect(anthropicOnOtherHost.provider).toBe('anthropic');
    const compatOnAnthropicHost = await llmConfigFromTemplate(
      template({
        credential: 'not_required',
        provider: 'open_ai_compat',
        baseUrl: 'https://api.anthropic.com/v1',
      }),
      new MemorySecretStore(),
    );
    expect(compatOnAnthropicHost.provider).toBe('open_ai_compat');
  });
});
