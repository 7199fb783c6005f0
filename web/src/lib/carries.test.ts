import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS } from '../../../src/domain/attachment.ts';
import { PROVIDERS as CORE_PROVIDERS } from '../../../src/domain/enums.ts';
import { carries as coreCarries } from '../../../src/llm/provider.ts';
import { CARRIES, carriedKinds, carries } from './carries.ts';

describe('carries: the chat copy of the core table', () => {
  it('has a row for every provider of the core and a cell for every kind', () => {
    expect(Object.keys(CARRIES).sort()).toEqual([...CORE_PROVIDERS].sort());
    for (const provider of CORE_PROVIDERS) {
      expect(Object.keys(CARRIES[provider]).sort(), provider).toEqual([...ATTACHMENT_KINDS].sort());
    }
  });

  it('equals the core predicate in every cell', () => {
    for (const provider of CORE_PROVIDERS) {
      for (const kind of ATTACHMENT_KINDS) {
        expect(carries(provider, kind), `${provider} ${kind}`).toBe(coreCarries(provider, kind));
      }
    }
  });

  it('is the ledger table: images everywhere, audio/video only where measured', () => {
    expect(carriedKinds('anthropic')).toEqual(['image', 'pdf']);
    expect(carriedKinds('open_ai_compat')).toEqual(['image', 'audio', 'pdf']);
    expect(carriedKinds('gemini')).toEqual(['image', 'audio', 'video', 'pdf']);
    expect(carriedKinds('perplexity_responses')).toEqual(['image']);
  });
});
