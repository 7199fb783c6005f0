import { describe, expect, it } from 'vitest';
import { refusedKeyStatus } from './provider-error.ts';

describe('refusedKeyStatus', () => {
  it('names 401 and 403 from the provider as a refused key', () => {
    expect(refusedKeyStatus({ code: 'LLM_API', detail: 'status 401 code invalid_api_key' })).toBe(401);
    expect(refusedKeyStatus({ code: 'LLM_API', detail: 'status 403' })).toBe(403);
  });
  it('anything else is not about the key', () => {
    expect(refusedKeyStatus({ code: 'LLM_API', detail: 'status 500' })).toBeNull();
    expect(refusedKeyStatus({ code: 'LLM_API', detail: 'status 4010' })).toBeNull();
    expect(refusedKeyStatus({ code: 'LLM_API', detail: null })).toBeNull();
    expect(refusedKeyStatus({ code: 'LLM_HTTP', detail: 'status 401' })).toBeNull();
  });
});
