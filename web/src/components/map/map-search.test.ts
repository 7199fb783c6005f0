import { describe, expect, it } from 'vitest';
import { findServant } from './map-search.ts';

const servants = [
  { id: 'agent_1', name: 'Servant 12' },
  { id: 'agent_2', name: 'Servant 1' },
  { id: 'agent_3', name: 'Old Servant 1' },
  { id: 'agent_4', name: 'アヴァ' },
  { id: 'agent_5', name: 'Ava' },
];

describe('findServant', () => {
  it('prefers an exact name, then a name starting with the query, then one containing it', () => {
    expect(findServant(servants, 'servant 1')?.id).toBe('agent_2');
    expect(findServant(servants, 'Servant')?.id).toBe('agent_1');
    expect(findServant(servants, 'old')?.id).toBe('agent_3');
    expect(findServant(servants, 'nt 12')?.id).toBe('agent_1');
  });

  it('folds width and case, and trims', () => {
    expect(findServant(servants, '  ＡＶＡ ')?.id).toBe('agent_5');
    expect(findServant(servants, 'ｱｳﾞｧ')?.id).toBe('agent_4');
    expect(findServant(servants, 'servant １２')?.id).toBe('agent_1');
  });

  it('finds nothing for an empty query or an unknown name', () => {
    expect(findServant(servants, '')).toBeNull();
    expect(findServant(servants, '   ')).toBeNull();
    expect(findServant(servants, 'Zari')).toBeNull();
  });
});
