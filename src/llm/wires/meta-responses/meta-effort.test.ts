import { describe, expect, it } from 'vitest';
import { EFFORTS } from '../../../domain/enums.ts';
import { metaEffort } from './meta-effort.ts';

/** Meta's ladder as its 400 body lists it (ledger part 6 §5.7). */
const META_LADDER = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'];

describe('metaEffort', () => {
  it('max becomes xhigh, the ceiling of Meta’s ladder', () => {
    expect(metaEffort('max')).toBe('xhigh');
  });

  it.each([['low'], ['medium'], ['high'], ['xhigh']] as const)('%s passes through as it is', (effort) => {
    expect(metaEffort(effort)).toBe(effort);
  });

  it('every canonical effort lands on a value Meta accepts', () => {
    for (const effort of EFFORTS) expect(META_LADDER).toContain(metaEffort(effort));
  });
});
