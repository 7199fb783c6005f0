import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import type { Acceptance, ProbeOutcome } from '../../domain/schedule.ts';
import { decideAcceptance, reRequestText, runAcceptance, type AcceptanceRunOptions } from './acceptance.ts';
import { ProbeApprovals, probeApprovalsPath } from './approvals-store.ts';
import { FIXTURE_VILLAGE_ID } from './schedule-fixture.ts';

const VILLAGE = FIXTURE_VILLAGE_ID;

describe('decideAcceptance', () => {
  const at = (outcome: ProbeOutcome, attempt: number, budgetLeft: number | null = 1000) =>
    decideAcceptance({ outcome, attempt, maxAttempts: 2, budgetLeft });

  it('is done on a match, even on the last attempt', () => {
    expect(at('match', 1)).toBe('done');
    expect(at('match', 2)).toBe('done');
  });

  it('re-requests a no_match while attempts and budget remain (no ceiling counts as remaining)', () => {
    expect(at('no_match', 1)).toBe('re_request');
    expect(at('no_match', 1, null)).toBe('re_request');
  });

  it('is final on a no_match at the attempt limit or with the budget at zero', () => {
    expect(at('no_match', 2)).toBe('final');
    expect(at('no_match', 1, 0)).toBe('final');
  });

  it.each(['error', 'timeout', 'unapproved'] as const)('never re-requests after %s', (outcome) => {
    expect(at(outcome, 1)).toBe('final');
  });
});

describe('reRequestText', () => {
  it('is the original request plus the one latest note, in the village language', () => {
    expect(reRequestText('テストを直して', 'FAIL 3', 'ja')).toBe(
      'テストを直して\n\n（前回の検収が不一致でした。検収コマンドの出力: FAIL 3）',
    );
    expect(reRequestText('Fix the tests', 'FAIL 3', 'en')).toBe(
      'Fix the tests\n\n(The previous acceptance check did not match. Acceptance command output: FAIL 3)',
    );
  });
});

describe('runAcceptance', () => {
  let root: string;
  let approvals: ProbeApprovals;
  let log: MemoryDiagLog;

  beforeEach(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'fuseforks-acceptance-')));
    approvals = new ProbeApprovals(probeApprovalsPath(root), VILLAGE);
    log = new MemoryDiagLog();
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const check = (code: string): Acceptance => ({
    command: process.execPath,
    args: ['-e', code],
    expect: 'PASS',
    timeoutSecs: 30,
    cwd: null,
    maxAttempts: 2,
  });

  const options = (attempt: number, extra: Partial<AcceptanceRunOptions> = {}): AcceptanceRunOptions => ({
    scheduleId: 'sched_9',
    attempt,
    workspace: root,
    approvals,
    log,
    signal: new AbortController().signal,
    budgetLeft: 5000,
    originalMessage: 'Fix the tests',
    language: 'en',
    ...extra,
  });

  it('re-requests a no_match with the stdout excerpt and writes the acceptance line', async () => {
    const acceptance = check(`console.log('FAIL'); console.log('2 tests failed')`);
    await approvals.approve([acceptance]);
    const result = await runAcceptance(acceptance, options(1));
    expect(result).toMatchObject({ interrupted: false, verdict: 're_request' });
    if (result.interrupted) return;
    expect(result.reRequest).toBe(
      'Fix the tests\n\n(The previous acceptance check did not match. Acceptance command output: FAIL\n2 tests failed\n)',
    );
    expect(log.lines).toEqual(['acceptance: schedule=sched_9 attempt=1/2 outcome=no_match']);
  });

  it('uses stderr for the excerpt when stdout is blank', async () => {
    const acceptance = check(`console.error('lint: 4 problems')`);
    await approvals.approve([acceptance]);
    const result = await runAcceptance(acceptance, options(1, { language: 'ja' }));
    if (result.interrupted) throw new Error('interrupted');
    expect(result.reRequest).toBe(
      'Fix the tests\n\n（前回の検収が不一致でした。検収コマンドの出力: lint: 4 problems\n）',
    );
  });

  it('is done on a match', async () => {
    const acceptance = check(`console.log('PASS')`);
    await approvals.approve([acceptance]);
    const result = await runAcceptance(acceptance, options(2));
    expect(result).toMatchObject({ verdict: 'done', reRequest: null });
    expect(log.lines).toEqual(['acceptance: schedule=sched_9 attempt=2/2 outcome=match']);
  });

  it('is final, without running anything, when the check is not approved', async () => {
    const result = await runAcceptance(check(`console.log('FAIL')`), options(1));
    expect(result).toMatchObject({
      verdict: 'final',
      reRequest: null,
      run: { report: { outcome: 'unapproved' } },
    });
    expect(log.lines).toEqual(['acceptance: schedule=sched_9 attempt=1/2 outcome=unapproved']);
  });

  it('is final on an error (the command is not there)', async () => {
    const acceptance: Acceptance = { ...check(''), command: join(root, 'missing') };
    await approvals.approve([acceptance]);
    const result = await runAcceptance(acceptance, options(1));
    expect(result).toMatchObject({
      verdict: 'final',
      run: { report: { outcome: 'error', reason: 'not_found' } },
    });
  });

  it('is final on a no_match when the budget is spent', async () => {
    const acceptance = check(`console.log('FAIL')`);
    await approvals.approve([acceptance]);
    expect(await runAcceptance(acceptance, options(1, { budgetLeft: 0 }))).toMatchObject({
      verdict: 'final',
    });
  });
});
