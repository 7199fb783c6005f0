/**
 * A streaming turn as the person sees it (issue 23), over real HTTP to the fake provider and the
 * events socket: the growing reply (`messageDelta`, batched, under the id the final `messageSent`
 * takes), an interrupt mid-stream (the turn interrupted as without streaming, the shown text marked
 * `messageStreamStopped` and kept out of history and the store), a cut stream (an error turn, the
 * same mark), and a template with `stream: false` (no deltas at all).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CoreEvent } from '../src/domain/events.ts';
import type { AgentId } from '../src/domain/ids.ts';
import { recordedChunks, sseBody } from '../src/llm/stream/stream-test-helpers.ts';
import { textReply } from './fakes/fake-provider.ts';
import { PAIRS } from './fakes/stream-pairs.ts';
import { isInterruptLine, isReply, waitForMessage } from './helpers/village-server.ts';
import {
  openStreamVillage,
  startStreamServant,
  storedRecords,
  until,
  type StreamVillage,
} from './helpers/stream-village.ts';

type Delta = Extract<CoreEvent, { type: 'messageDelta' }>;
type Stopped = Extract<CoreEvent, { type: 'messageStreamStopped' }>;

/** One OpenAI-compatible reply, as its recorded chunks: about 300 tokens of text. */
const TEXT_CHUNKS = recordedChunks('openai-chat-completions/openai-text.chunks.txt');
const TEXT_BYTES = sseBody(TEXT_CHUNKS, { done: true });
const FULL_TEXT = TEXT_CHUNKS.map(
  (line) =>
    (JSON.parse(line) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? '',
).join('');

let bed: StreamVillage;
/** When each event was emitted (the village's bus, same order as the socket). */
let emittedAt: Map<CoreEvent, number>;
beforeEach(async () => {
  bed = await openStreamVillage();
  emittedAt = new Map();
  bed.v.server.events.subscribe((e) => emittedAt.set(e, performance.now()));
});
afterEach(async () => {
  await bed.close();
});

const deltasIn = (events: CoreEvent[]) => events.filter((e): e is Delta => e.type === 'messageDelta');
const stopsIn = (events: CoreEvent[]) =>
  events.filter((e): e is Stopped => e.type === 'messageStreamStopped');
const agentMessagesIn = (events: CoreEvent[]) =>
  events.flatMap((e) => (e.type === 'messageSent' && e.message.from.kind === 'agent' ? [e.message] : []));

function storedText(): string {
  return JSON.stringify(storedRecords(bed.v));
}

function historyOf(id: string) {
  return bed.orch.runtimeIfKnown(id as AgentId)?.history ?? [];
}

it('the reply grows in batched deltas over the events socket, then messageSent replaces it under the same id', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat');
  // Small pieces with gaps: the reply takes a few hundred ms to arrive, in some hundred writes.
  bed.fake.enqueue({ stream: { bytes: TEXT_BYTES, pieces: [97], gapMs: 3 } });
  await bed.v.ok('send_user_message', { to: 'a', content: 'tell me' });
  await waitForMessage(bed.v, isReply(FULL_TEXT), 'the reply');
  await until('the frames', () => agentMessagesIn(bed.frames).length === 1);

  const frames = bed.frames;
  const deltas = deltasIn(frames);
  const final = agentMessagesIn(frames)[0]!;
  expect(deltas.length).toBeGreaterThan(2);
  for (const delta of deltas) expect(delta).toMatchObject({ agentId: 'a', messageId: final.id });
  expect(deltas.every((d) => d.thinking === undefined)).toBe(true);
  // Each delta is what was appended: together they are the reply.
  expect(deltas.map((d) => d.text).join('')).toBe(FULL_TEXT);
  // Every delta came before the final message, and nothing marked the bubble stopped.
  const finalAt = frames.findIndex((f) => f.type === 'messageSent' && f.message.id === final.id);
  expect(frames.findLastIndex((f) => f.type === 'messageDelta')).toBeLessThan(finalAt);
  expect(stopsIn(frames)).toEqual([]);

  // Batched: the reply came in far more writes than deltas, at most one delta per 50 ms.
  const busDeltas = deltasIn(bed.events);
  expect(busDeltas.length).toBeLessThan(TEXT_BYTES.length / 97 / 2);
  // The last one may come sooner: what is pending is flushed when the call ends, before messageSent.
  // The stamps here are taken a moment after the batcher reads its clock, and on a loaded machine
  // that moment varies by a few ms, so one gap may look shorter than 50 ms although the batcher kept
  // to it (its own clock is tested exactly in delta-batcher.test.ts). What a stamp lag cannot hide
  // is the count: k gaps of at least 50 ms span at least 50k ms less the first stamp's lag.
  const times = busDeltas.slice(0, -1).map((d) => emittedAt.get(d)!);
  expect(times.length).toBeGreaterThan(1);
  const gaps = times.length - 1;
  const span = times.at(-1)! - times[0]!;
  // (Unbatched, the writes' deltas would come about 3 ms apart: many times that count.)
  expect(gaps).toBeLessThanOrEqual(Math.floor(span / 50) + 1);
});

it('an interrupt mid-stream ends the turn as interrupted; the shown text is marked, not kept', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  bed.fake.enqueue({
    stream: { bytes: TEXT_BYTES, holdAt: Math.floor(TEXT_BYTES.length / 2), release: released },
  });
  await bed.v.ok('send_user_message', { to: 'a', content: 'tell me' });
  await until('a delta', () => deltasIn(bed.events).length > 0);
  // Everything up to the hold is shown (the batcher's last piece included) before the interrupt.
  await new Promise((r) => setTimeout(r, 80));
  const shown = deltasIn(bed.events)
    .map((d) => d.text)
    .join('');
  expect(shown.length).toBeGreaterThan(20);
  expect(FULL_TEXT.startsWith(shown)).toBe(true);

  expect(await bed.v.ok('interrupt_turn', { agentId: 'a' })).toEqual({ interrupted: true });
  await waitForMessage(bed.v, isInterruptLine, 'the interrupt line');
  await until('turnInterrupted', () => bed.frames.some((f) => f.type === 'turnInterrupted'));
  release();

  const stops = stopsIn(bed.frames);
  expect(stops).toEqual([
    {
      type: 'messageStreamStopped',
      agentId: 'a',
      messageId: deltasIn(bed.events)[0]!.messageId,
      reason: 'interrupted',
    },
  ]);
  // The mark comes after the last delta, and no final message was sent.
  const events = bed.events;
  expect(events.findLastIndex((e) => e.type === 'messageDelta')).toBeLessThan(
    events.findIndex((e) => e.type === 'messageStreamStopped'),
  );
  expect(agentMessagesIn(events)).toEqual([]);
  expect(bed.frames.some((f) => f.type === 'agentFailed')).toBe(false);
  // History holds the interrupted note, as without streaming; neither it nor the store the partial text.
  const history = historyOf('a');
  expect(history).toHaveLength(1);
  expect(history[0]!.replied).toBe('(this turn was interrupted)');
  expect(storedText()).not.toContain(shown.slice(0, 40));
  await until('the turn record', () =>
    storedRecords(bed.v).some(
      (r) => r.kind === 'turn' && (r.body.stop as { kind: string }).kind === 'interrupted',
    ),
  );
});

it('a stream cut after the first delta is an error turn; the shown text is marked cut, not kept', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat', { maxRetries: 2 });
  bed.fake.enqueue({ stream: { bytes: TEXT_BYTES, cutAt: Math.floor(TEXT_BYTES.length / 2) } });
  await bed.v.ok('send_user_message', { to: 'a', content: 'tell me' });
  await until('the turn record', () => storedRecords(bed.v).some((r) => r.kind === 'turn'));
  await until('the stop frame', () => stopsIn(bed.frames).length === 1);

  const deltas = deltasIn(bed.events);
  const shown = deltas.map((d) => d.text).join('');
  expect(shown.length).toBeGreaterThan(20);
  expect(stopsIn(bed.frames)).toEqual([
    { type: 'messageStreamStopped', agentId: 'a', messageId: deltas[0]!.messageId, reason: 'cut' },
  ]);
  // Not retried once shown: one request; an error turn like any failed call.
  expect(bed.fake.requests).toHaveLength(1);
  const turn = storedRecords(bed.v).find((r) => r.kind === 'turn')!;
  expect((turn.body.stop as { kind: string }).kind).toBe('failed');
  expect(agentMessagesIn(bed.events)).toEqual([]);
  const list = await bed.v.ok<{ from: { kind: string }; content: string }[]>('list_messages');
  expect(list.some((m) => m.from.kind === 'system' && m.content.startsWith('A'))).toBe(true);
  expect(historyOf('a')[0]!.replied).not.toContain(shown.slice(0, 40));
  expect(storedText()).not.toContain(shown.slice(0, 40));
});

it('with stream: false the call is whole and no delta is sent', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat', { stream: false });
  bed.fake.enqueue({ body: textReply('openai', 'whole answer') });
  await bed.v.ok('send_user_message', { to: 'a', content: 'tell me' });
  await waitForMessage(bed.v, isReply('whole answer'), 'the reply');
  await until('the frame', () => agentMessagesIn(bed.frames).length === 1);
  expect((bed.fake.requests[0]!.body as { stream?: unknown }).stream).toBeUndefined();
  expect(bed.frames.filter((f) => f.type === 'messageDelta' || f.type === 'messageStreamStopped')).toEqual(
    [],
  );
  const world = await bed.v.ok<{ templates: { stream: boolean }[] }>('get_world');
  expect(world.templates[0]!.stream).toBe(false);
});

it('a template without the option streams (default on); an edit without it keeps it; a non-boolean is refused', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat');
  type Listed = { id: string; name: string; baseUrl: string; model: string; stream: boolean };
  const templates = async () => (await bed.v.ok<{ templates: Listed[] }>('get_world')).templates;
  const [created] = await templates();
  expect(created!.stream).toBe(true);

  // Switched off, then edited by a client that predates the option (it sends no `stream`).
  const { id, name, baseUrl, model } = created!;
  await bed.v.ok('upsert_template', { template: { id, name, baseUrl, model, stream: false } });
  await bed.v.ok('upsert_template', { template: { id, name: 'Renamed', baseUrl, model } });
  expect((await templates())[0]).toMatchObject({ name: 'Renamed', stream: false });

  const refused = await bed.v.call('upsert_template', {
    template: { name: 'X', baseUrl: bed.fake.baseUrl, model: 'm', stream: 'yes' },
  });
  expect(refused.status).toBe(400);
});

it('the thinking summary streams as thinking; tool-call arguments are never shown', async () => {
  const reasoning = PAIRS.find((p) => p.name === 'deepseek-reasoning.chunks.txt')!;
  const toolCall = PAIRS.find((p) => p.name === 'google-stream-tool-call-arguments.chunks.txt')!;
  await startStreamServant(bed, { id: 'a', name: 'A' }, reasoning.provider);
  await startStreamServant(bed, { id: 'g', name: 'G' }, toolCall.provider);
  bed.fake.enqueue({ stream: { bytes: reasoning.bytes } });
  await bed.v.ok('send_user_message', { to: 'a', content: 'think' });
  await until('the reply', () => agentMessagesIn(bed.events).length === 1);
  const final = agentMessagesIn(bed.events)[0]!;
  const thinking = deltasIn(bed.events)
    .map((d) => d.thinking ?? '')
    .join('');
  expect(thinking).not.toBe('');
  expect(final.reasoningSummary ?? '').toContain(thinking.trim().slice(0, 20));

  const before = bed.events.length;
  bed.fake.enqueue({ stream: { bytes: toolCall.bytes } });
  await bed.v.ok('send_user_message', { to: 'g', content: 'use a tool' });
  await until('the turn', () =>
    bed.events.slice(before).some((e) => e.type === 'turnRecorded' && e.agentId === 'g'),
  );
  const request = bed.fake.requests.at(-1)!.rawBody;
  const args = JSON.stringify(
    (JSON.parse(request) as { contents: { parts?: { functionCall?: { args?: unknown } }[] }[] }).contents
      .flatMap((c) => c.parts ?? [])
      .find((p) => p.functionCall)?.functionCall?.args ?? {},
  );
  const shown = deltasIn(bed.events.slice(before))
    .filter((d) => d.agentId === 'g')
    .map((d) => d.text)
    .join('');
  expect(args.length).toBeGreaterThan(2);
  expect(shown).not.toContain(args.slice(1, -1));
});

it('a servant without tools that passes its streamed reply on: the bubble becomes the message passed on', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat', { useTools: false });
  await startStreamServant(bed, { id: 'b', name: 'B' }, 'open_ai_compat', { stream: false });
  await bed.v.ok('set_connections', { agentId: 'a', connectedAgents: ['b'] });
  bed.fake.enqueue({ stream: { bytes: TEXT_BYTES } }, { body: textReply('openai', 'thanks from b') });
  await bed.v.ok('send_user_message', { to: 'a', content: 'tell b' });
  await waitForMessage(bed.v, isReply('thanks from b'), "b's reply");

  const deltas = deltasIn(bed.events);
  expect(deltas.map((d) => d.text).join('')).toBe(FULL_TEXT);
  const passedOn = agentMessagesIn(bed.events).find((m) => m.from.kind === 'agent' && m.from.id === 'a')!;
  expect(passedOn.to).toEqual({ kind: 'agent', id: 'b' });
  for (const delta of deltas) expect(delta.messageId).toBe(passedOn.id);
  expect(stopsIn(bed.events)).toEqual([]);
});

it('a servant that writes, then hands the work on: its bubble is marked handed on, not cut', async () => {
  await startStreamServant(bed, { id: 'a', name: 'A' }, 'open_ai_compat');
  await startStreamServant(bed, { id: 'b', name: 'B' }, 'open_ai_compat', { stream: false });
  await bed.v.ok('set_connections', { agentId: 'a', connectedAgents: ['b'] });
  const chunk = (delta: object, finish: string | null = null) =>
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const call = {
    index: 0,
    id: 'call_1',
    type: 'function',
    function: { name: 'transfer_to_b', arguments: '{}' },
  };
  const handOff = sseBody(
    [
      chunk({ role: 'assistant', content: 'B knows this better; ' }),
      chunk({ content: 'passing it on.' }),
      chunk({ tool_calls: [call] }),
      chunk({}, 'tool_calls'),
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion.chunk',
        choices: [],
        usage: { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 },
      }),
    ],
    { done: true },
  );
  bed.fake.enqueue({ stream: { bytes: handOff } }, { body: textReply('openai', 'b answers') });
  await bed.v.ok('send_user_message', { to: 'a', content: 'a question for b' });
  await waitForMessage(bed.v, isReply('b answers'), "b's reply");
  await until('the stop frame', () => stopsIn(bed.frames).length === 1);

  const deltas = deltasIn(bed.events);
  expect(deltas.map((d) => d.text).join('')).toBe('B knows this better; passing it on.');
  expect(stopsIn(bed.frames)).toEqual([
    { type: 'messageStreamStopped', agentId: 'a', messageId: deltas[0]!.messageId, reason: 'handed_off' },
  ]);
});
