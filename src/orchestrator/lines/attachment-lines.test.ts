import { describe, expect, it } from 'vitest';
import { attachmentKindLine } from './attachment-lines.ts';

describe('attachmentKindLine', () => {
  it('writes the ledger fields in order', () => {
    expect(attachmentKindLine({ kind: 'video', provider: 'anthropic', outcome: 'rejected' })).toBe(
      'attachment kind: kind=video provider=anthropic outcome=rejected',
    );
    expect(attachmentKindLine({ kind: 'image', provider: 'open_ai_compat', outcome: 'ok' })).toBe(
      'attachment kind: kind=image provider=open_ai_compat outcome=ok',
    );
  });

  it('an unknown kind and an unresolved target stay one field each', () => {
    expect(attachmentKindLine({ kind: 'unknown', provider: null, outcome: 'rejected' })).toBe(
      'attachment kind: kind=unknown provider=- outcome=rejected',
    );
  });
});
