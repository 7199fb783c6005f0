import { describe, expect, it } from 'vitest';
import type { AgentMessage } from './types.ts';
import { buildChatRows, clearCutoff, hiddenCount, isJoinLeaveNotice, type ToolRun } from './chat-rows.ts';
import {
  anyTransition,
  batchActionTargets,
  batchMode,
  globalBatchTargets,
  groupBatchTargets,
} from './batch-start.ts';
import { cachePercent, contextRing, ringColor } from './context-ring.ts';
import { periodContaining, periodLabel, shiftPeriod } from './stats-period.ts';
import { avatarHue, initialOf } from './avatar.ts';

let seq = 0;
function msg(partial: Partial<AgentMessage>): AgentMessage {
  seq++;
  return {
    id: `m${seq}`,
    from: { kind: 'user' },
    to: { kind: 'agent', id: 'a' },
    content: 'hi',
    tokens: 0,
    tsMs: seq * 10,
    hop: 0,
    ...partial,
  };
}
const run = (tsMs: number, tool = 'grep'): ToolRun => ({
  key: `r${tsMs}`,
  agentId: 'a',
  tool,
  ok: true,
  reason: null,
  reasonState: null,
  tsMs,
});
const all = { clearedAtMs: null, showPresenceNotices: true };

describe('chat rows', () => {
  it('folds consecutive copies of one broadcast into one row with every recipient', () => {
    const from = { kind: 'agent', id: 'boss' } as const;
    const rows = buildChatRows(
      [
        msg({ from, to: { kind: 'agent', id: 'x' }, content: 'go', hop: 1, tsMs: 100 }),
        msg({ from, to: { kind: 'agent', id: 'y' }, content: 'go', hop: 1, tsMs: 100 }),
        msg({ from, to: { kind: 'agent', id: 'z' }, content: 'go', hop: 1, tsMs: 101 }),
      ],
      [],
      all,
    );
    expect(rows).toHaveLength(1);
    expect(
      rows[0]!.kind === 'message' && rows[0]!.recipients.map((r) => (r.kind === 'agent' ? r.id : r.kind)),
    ).toEqual(['x', 'y', 'z']);
  });

  it('keeps a resend to the same recipient, a rephrasing, another hop and a non-adjacent copy apart', () => {
    const from = { kind: 'agent', id: 'boss' } as const;
    const to = { kind: 'agent', id: 'x' } as const;
    const rows = buildChatRows(
      [
        msg({ from, to, content: 'go', tsMs: 1 }),
        msg({ from, to, content: 'go', tsMs: 2 }),
        msg({ from, to: { kind: 'agent', id: 'y' }, content: 'go!', tsMs: 3 }),
        msg({ from, to: { kind: 'agent', id: 'z' }, content: 'go!', hop: 2, tsMs: 4 }),
        msg({ from: { kind: 'user' }, content: 'interlude', tsMs: 5 }),
        msg({ from, to: { kind: 'agent', id: 'w' }, content: 'go!', hop: 2, tsMs: 6 }),
      ],
      [],
      all,
    );
    expect(rows.map((r) => (r.kind === 'message' ? r.recipients.length : -1))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('interleaves tool runs by time and hides rows at or before the clear cut-off', () => {
    const messages = [msg({ tsMs: 10 }), msg({ tsMs: 30 })];
    const runs = [run(20), run(40)];
    const rows = buildChatRows(messages, runs, all);
    expect(rows.map((r) => r.kind)).toEqual(['message', 'tool', 'message', 'tool']);
    expect(clearCutoff(rows)).toBe(40);
    const cleared = buildChatRows(messages, runs, { clearedAtMs: 20, showPresenceNotices: true });
    expect(cleared.map((r) => r.kind)).toEqual(['message', 'tool']);
    expect(hiddenCount(messages, runs, 20)).toBe(2);
    expect(hiddenCount(messages, runs, null)).toBe(0);
    expect(clearCutoff([])).toBeNull();
  });

  it('puts a message before a tool run of the same millisecond, and sorts lists that are out of order', () => {
    const rowsOf = (messages: AgentMessage[], runs: ToolRun[]) =>
      buildChatRows(messages, runs, all).map((r) =>
        r.kind === 'tool' ? r.run.key : r.kind === 'message' ? r.message.content : r.key,
      );
    const merged = rowsOf(
      [msg({ content: 'a', tsMs: 10 }), msg({ content: 'b', tsMs: 20 }), msg({ content: 'c', tsMs: 20 })],
      [run(5), run(20), run(30)],
    );
    expect(merged).toEqual(['r5', 'a', 'b', 'c', 'r20', 'r30']);
    // A clock stepped back: the same order as sorting by time would give, ties kept message-first.
    const unordered = rowsOf(
      [
        msg({ content: 'late', tsMs: 50 }),
        msg({ content: 'early', tsMs: 15 }),
        msg({ content: 'same', tsMs: 20 }),
      ],
      [run(40), run(20)],
    );
    expect(unordered).toEqual(['early', 'same', 'r20', 'r40', 'late']);
  });

  it('hands back the same row objects on a rebuild, and folding never changes a kept row', () => {
    const from = { kind: 'agent', id: 'boss' } as const;
    const a = msg({ from, to: { kind: 'agent', id: 'x' }, content: 'go', tsMs: 100 });
    const b = msg({ from, to: { kind: 'agent', id: 'y' }, content: 'go', tsMs: 100 });
    const c = msg({ content: 'later', tsMs: 200 });
    const runs = [run(150)];
    const first = buildChatRows([a], runs, all);
    const second = buildChatRows([a, c], runs, all);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    // b folds into a's bubble: a new row, and a's own row is as it was.
    const folded = buildChatRows([a, b, c], runs, all);
    expect(folded[0]!.kind === 'message' && folded[0]!.recipients).toHaveLength(2);
    expect(folded[0]).not.toBe(first[0]);
    expect(first[0]!.kind === 'message' && first[0]!.recipients).toHaveLength(1);
    expect(buildChatRows([a], runs, all)[0]).toBe(first[0]);
  });

  it('leaves tool rows out whole when the tool log is hidden', () => {
    const rows = buildChatRows([msg({ tsMs: 10 })], [run(20)], {
      clearedAtMs: null,
      showPresenceNotices: true,
      hideToolLog: true,
    });
    expect(rows.map((r) => r.kind)).toEqual(['message']);
  });

  it('hides join/leave notices on request but never a failure stop', () => {
    const sys = { from: { kind: 'system' }, to: { kind: 'user' } } as const;
    const messages = [
      msg({ ...sys, content: 'a（A）が稼働を開始しました' }),
      msg({ ...sys, content: 'a (A) stopped' }),
      msg({ ...sys, content: 'a（A）が失敗により停止しました' }),
      msg({ ...sys, content: 'a (A) stopped due to a failure' }),
      msg({ ...sys, content: '要約しました' }),
    ];
    expect(messages.map(isJoinLeaveNotice)).toEqual([true, true, false, false, false]);
    const rows = buildChatRows(messages, [], { clearedAtMs: null, showPresenceNotices: false });
    expect(rows).toHaveLength(3);
  });
});

describe('batch start', () => {
  const g = (id: string, batchStart: boolean) => ({ id, name: id, batchStart });
  const a = (
    id: string,
    status: 'idle' | 'running' | 'starting' | 'stopping' | 'failed',
    batchStart = true,
    groupId: string | null = null,
  ) => ({
    id,
    status,
    batchStart,
    groupId,
  });

  it('targets agents with batchStart whose group (if any) also has it', () => {
    const agents = [
      a('1', 'idle'),
      a('2', 'idle', false),
      a('3', 'idle', true, 'g-off'),
      a('4', 'idle', true, 'g-on'),
      a('5', 'idle', true, 'gone'),
    ];
    expect(globalBatchTargets(agents, [g('g-off', false), g('g-on', true)]).map((x) => x.id)).toEqual([
      '1',
      '4',
      '5',
    ]);
    expect(groupBatchTargets(agents).map((x) => x.id)).toEqual(['1', '3', '4', '5']);
  });

  it('starts in a mixed state, stops when all run, and does nothing while one is in transition', () => {
    expect(batchMode([a('1', 'running'), a('2', 'idle')])).toBe('start');
    expect(batchMode([a('1', 'running'), a('2', 'failed')])).toBe('start');
    expect(batchMode([a('1', 'running'), a('2', 'running')])).toBe('stop');
    expect(batchMode([a('1', 'starting'), a('2', 'idle')])).toBe('none');
    expect(batchMode([])).toBe('none');
    const mixed = [a('1', 'running'), a('2', 'idle'), a('3', 'failed')];
    expect(batchActionTargets(mixed, 'start').map((x) => x.id)).toEqual(['2', '3']);
    expect(batchActionTargets(mixed, 'stop').map((x) => x.id)).toEqual(['1']);
    expect(anyTransition([a('1', 'stopping')])).toBe(true);
    expect(anyTransition(mixed)).toBe(false);
  });
});

describe('context ring and cache rate', () => {
  it('uses the fixed thresholds and clamps only the arc', () => {
    expect(ringColor(0.7499)).toBe('accent');
    expect(ringColor(0.75)).toBe('warn');
    expect(ringColor(0.8999)).toBe('warn');
    expect(ringColor(0.9)).toBe('fail');
    expect(contextRing(150_000, 100_000)).toEqual({ ratio: 1.5, arc: 1, percent: 150, color: 'fail' });
    expect(contextRing(25_000, 100_000)).toMatchObject({ arc: 0.25, percent: 25, color: 'accent' });
    expect(contextRing(89_600, 100_000)).toMatchObject({ percent: 89, color: 'warn' });
  });

  it('is hidden without a call, without a template or with contextLength 0', () => {
    expect(contextRing(null, 100_000)).toBeNull();
    expect(contextRing(10, 0)).toBeNull();
    expect(contextRing(10, undefined)).toBeNull();
  });

  it('divides cached by input, 0 when nothing was input', () => {
    expect(cachePercent(50, 200)).toBe(25);
    expect(cachePercent(0, 0)).toBe(0);
  });
});

describe('stats periods (TZ America/New_York in tests)', () => {
  it('closing day 25 names 7/26–8/25 August', () => {
    const p = periodContaining(new Date(2026, 7, 10, 12), 25);
    expect([p.year, p.month]).toEqual([2026, 8]);
    expect(periodLabel(p, 'ja')).toBe('2026 年 8 月分 (7/26〜8/25)');
    expect(periodLabel(p, 'en')).toBe('August 2026 (7/26–8/25)');
    expect(periodContaining(new Date(2026, 7, 26, 0, 0), 25).month).toBe(9);
    expect(periodContaining(new Date(2026, 7, 25, 23, 59), 25).month).toBe(8);
  });

  it('day 1 is not the calendar month; eom is', () => {
    expect(periodLabel(periodContaining(new Date(2026, 7, 1), 1), 'ja')).toBe('2026 年 8 月分 (7/2〜8/1)');
    expect(periodLabel(periodContaining(new Date(2026, 7, 2), 1), 'ja')).toBe('2026 年 9 月分 (8/2〜9/1)');
    expect(periodLabel(periodContaining(new Date(2026, 1, 15), 'eom'), 'ja')).toBe(
      '2026 年 2 月分 (2/1〜2/28)',
    );
  });

  it('steps across years and keeps local midnight across DST', () => {
    const dec = periodContaining(new Date(2026, 11, 30), 25);
    expect([dec.year, dec.month]).toEqual([2027, 1]);
    expect(periodLabel(shiftPeriod(dec, -1, 25), 'ja')).toBe('2026 年 12 月分 (11/26〜12/25)');
    const march = periodContaining(new Date(2026, 2, 20), 'eom');
    expect(march.start.getHours()).toBe(0);
    expect(march.end.getHours()).toBe(0);
    expect(march.end.getTime() - march.start.getTime()).toBe(31 * 86_400_000 - 3_600_000);
  });
});

describe('avatar', () => {
  it('is stable per name and takes a whole first character', () => {
    expect(avatarHue('Zari')).toBe(avatarHue('Zari'));
    expect(avatarHue('Zari')).not.toBe(avatarHue('Jemmy'));
    expect(initialOf('  zari')).toBe('Z');
    expect(initialOf('𠮷野')).toBe('𠮷');
    expect(initialOf('')).toBe('?');
  });
});
