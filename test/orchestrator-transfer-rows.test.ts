/**
 * Transfer rows (issue 22): each transfer delivery is recorded and emitted as a tool row (`transfer →
 * Carol`), after the message it sent, with the call's own arguments and no reason row. No `tool:`
 * line: the ledger logs a transfer as `handoff:`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import { call, say } from './fakes/scripted-model.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;

describe('transfer rows', () => {
  it('one row per delivery: target, the call’s own arguments, reason excluded, no tool: line', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.agent('b');
    await o.agent('c');
    await o.connect('a', 'b', 'c');
    await o.start('a', 'b', 'c');
    a.script({
      ...say('the reply text'),
      toolCalls: [
        { id: 't1', name: 'transfer_to_b', arguments: { message: 'for b', reason: 'ignored' } },
        { id: 't2', name: 'transfer_to_c', arguments: { message: '  ', note: 7 } },
        { id: 't3', name: 'transfer_to_b', arguments: { message: 'again' } },
      ],
      finish: 'tool_calls',
    });
    o.orch.sendUserMessage(id('a'), 'q');
    await o.idle();
    const rows = o.sink.toolCalls.filter((r) => r.agentId === 'a');
    expect(rows.map((r) => [r.callId, r.name, r.target, r.reasonState, r.reason, r.isError])).toEqual([
      ['t1', 'transfer_to_b', 'b', 'excluded', null, false],
      ['t2', 'transfer_to_c', 'c', 'excluded', null, false],
    ]);
    expect(rows[0]!.argsPreview).toBe('{\n  "message": "for b"\n}');
    // The blank call message fell back to the reply text for the delivery, but the row shows what
    // the model sent (the delivered text is the message c received).
    expect(JSON.parse(rows[1]!.argsPreview)).toEqual({ message: '  ', note: 7 });
    const toC = o.orch.messages
      .list()
      .filter(
        (m) => m.from.kind === 'agent' && m.from.id === 'a' && m.to.kind === 'agent' && m.to.id === 'c',
      );
    expect(toC.map((m) => m.content)).toEqual(['the reply text']);
    expect(rows[0]).toMatchObject({ resultPreview: '', resultChars: 0, hop: 0 });
    const events = o.events.filter((e) => e.type === 'toolInvoked' && e.agentId === 'a');
    expect(events.map((e) => [(e as { tool: string }).tool, (e as { ok: boolean }).ok])).toEqual([
      ['transfer_to_b', true],
      ['transfer_to_c', true],
    ]);
    expect((events[0] as { call?: unknown }).call).toEqual(rows[0]);
    // Each row is not older than the message it sent, so the chat puts it after that message.
    const sent = o.orch.messages.list().filter((m) => m.from.kind === 'agent' && m.from.id === 'a');
    expect(rows[0]!.tsMs).toBeGreaterThanOrEqual(sent[0]!.tsMs);
    expect(o.lines('tool: ')).toEqual([]);
    expect(o.lines('handoff: ')).toHaveLength(2);
  });

  it('a destination that is stopped gets an error row carrying the line the person read', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.agent('b', { name: 'Bob' });
    await o.connect('a', 'b');
    await o.start('a');
    a.script(call('transfer_to_b', { message: 'please' }));
    o.orch.sendUserMessage(id('a'), 'q');
    await o.idle();
    const [row] = o.sink.toolCalls;
    expect(row).toMatchObject({ name: 'transfer_to_b', target: 'b', isError: true });
    const system = o.orch.messages.list().filter((m) => m.from.kind === 'system');
    expect(system.map((m) => m.content)).toContain(row!.resultPreview);
    expect(row!.resultPreview).toBe('Could not deliver to b (Bob) (stopped).');
    const ev = o.events.find((e) => e.type === 'toolInvoked');
    expect((ev as { ok: boolean }).ok).toBe(false);
  });

  it('at the hop limit the transfer rows are errors with the hop-limit line (Japanese village)', async () => {
    o = await makeOrchestra({ config: { maxHops: 1 }, language: 'ja' });
    const a = await o.agent('a');
    await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    a.script(call('transfer_to_b', { message: 'please' }));
    o.orch.sendUserMessage(id('a'), 'q');
    await o.idle();
    expect(o.sink.toolCalls.map((r) => [r.name, r.isError, r.resultPreview])).toEqual([
      ['transfer_to_b', true, '転送回数の上限（1）に達したため、これ以上転送しませんでした。'],
    ]);
  });
});
