import { describe, expect, it } from 'vitest';
import type { PlanWaveRecord } from './types.ts';
import { cellTone, clearFinishedKeys, draftProblems, visibleWaves, waveKey } from './waves.ts';

function wave(
  planId: number,
  state: PlanWaveRecord['state'],
  taskStates: PlanWaveRecord['tasks'][number]['state'][],
): PlanWaveRecord {
  return {
    planId,
    agentId: 'lead',
    wave: 1,
    state,
    startedAtMs: planId * 1000,
    tasks: taskStates.map((s, i) => ({ to: `w${i}`, state: s, elapsedMs: null, msgChars: 3 })),
    bundleChars: null,
    elapsedMs: null,
  };
}

describe('plan waves', () => {
  it('colours cells by the ledger table, the wave state first', () => {
    expect(cellTone('running', 'dispatched')).toBe('running');
    expect(cellTone('answered', 'dispatched')).toBe('ok');
    expect(cellTone('handed_off', 'dispatched')).toBe('caution');
    expect(cellTone('interrupted', 'dispatched')).toBe('caution');
    for (const s of ['undeliverable', 'no_answer', 'timed_out', 'budget_exhausted'] as const) {
      expect(cellTone(s, 'dispatched')).toBe('fail');
    }
    expect(cellTone('running', 'pending')).toBe('proposal');
    expect(cellTone('running', 'discarded')).toBe('discarded');
  });

  it('clears only waves finished at that moment', () => {
    const waves = [
      wave(1, 'dispatched', ['answered']),
      wave(2, 'dispatched', ['running', 'answered']),
      wave(3, 'pending', ['running']),
      wave(4, 'discarded', ['running']),
    ];
    const keys = clearFinishedKeys(waves);
    expect(keys).toEqual([waveKey(waves[0]!), waveKey(waves[3]!)]);
    expect(visibleWaves(waves, keys).map((w) => w.planId)).toEqual([2, 3]);
  });

  it('checks a draft like dispatch does', () => {
    expect(draftProblems([], ['a'])).toEqual(['empty']);
    expect(
      draftProblems(
        [
          { to: 'a', message: 'x' },
          { to: 'a', message: ' ' },
          { to: 'z', message: 'y' },
        ],
        ['a', 'b'],
      ),
    ).toEqual(['duplicate:a', 'emptyMessage:a', 'notConnected:z']);
    expect(draftProblems([{ to: 'b', message: 'ok' }], ['a', 'b'])).toEqual([]);
  });
});
