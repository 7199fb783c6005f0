/**
 * A `run` call queued for approval carries its request on the stored tool record (issue 22), so the
 * chat row knows it waits, live and after a reload.
 */
import { describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { TOOL_PREVIEW_CHARS } from '../domain/session.ts';
import { decodeRecord, encodeRecord } from '../store/record.ts';
import { toolCall, toolCallRecord } from '../store/test-kit.ts';
import { toolCallRecordOf } from './tool-call-record.ts';
import type { Turn } from './turn-state.ts';

const turn = { spec: { id: 'dev' }, envelope: { incoming: { hop: 0 } } } as unknown as Turn;
const outcome = { text: 'queued', isError: false, reason: null, reasonState: 'omitted' as const, tsMs: 5 };
const call = { id: 'c1', name: 'run', arguments: { command: 'git', args: ['log'], reason: 'look' } };

describe('the tool record of a queued run call', () => {
  it('carries the request; other calls carry none', () => {
    const queued = toolCallRecordOf(turn, call, {
      ...outcome,
      approval: { command: 'git', args: ['log'] },
    });
    expect(queued.approval).toEqual({ command: 'git', args: ['log'] });
    expect(toolCallRecordOf(turn, call, outcome)).not.toHaveProperty('approval');
    expect(toolCallRecordOf(turn, call, { ...outcome, approval: null })).not.toHaveProperty('approval');
  });

  it('leaves out a request too long to keep whole (the Approvals dialog still lists it)', () => {
    const approval = { command: 'node', args: ['-e', 'x'.repeat(TOOL_PREVIEW_CHARS)] };
    expect(toolCallRecordOf(turn, call, { ...outcome, approval })).not.toHaveProperty('approval');
  });

  it('survives the store, and a malformed request is refused, not guessed', () => {
    const record = toolCall('dev', { name: 'run', approval: { command: 'git', args: ['log', '-1'] } });
    const { kind, body } = encodeRecord(record);
    expect(decodeRecord(3, kind, body)).toEqual({ seq: 3, ...record });
    const bad = JSON.stringify({ ...toolCallRecord('dev'), approval: { command: 'git', args: [1] } });
    expect(thrownCoreError(() => decodeRecord(2, 'tool', bad)).message).toContain('approval.args');
  });
});
