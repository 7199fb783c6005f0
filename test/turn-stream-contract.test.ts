/**
 * The turn loop's streaming contract (issue 23): for the same reply, a servant whose template streams
 * and one whose template does not leave exactly the same trace: the final message, the history
 * (in memory and as the stored exchange), the turn record in the real SQLite file, the budget spent
 * from the chain's pool, and the same core events, apart from the `messageDelta`s the streaming one
 * adds before its `messageSent` (under that message's id). Run on every wire, over real HTTP to the
 * fake provider: the streaming servant reads the recorded chunk stream, the other the whole body of
 * the same reply (test/fakes/stream-pairs.ts). A reply with tool calls runs its second round against
 * the fake's default answer, the same on both paths.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../src/domain/events.ts';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import { BudgetPool } from '../src/orchestrator/budget/index.ts';
import { PAIRS, type Pair } from './fakes/stream-pairs.ts';
import {
  openStreamVillage,
  startStreamServant,
  storedRecords,
  type StreamVillage,
} from './helpers/stream-village.ts';

const A = 'a' as AgentId;
const CEILING_TOKENS = 1_000_000;
/**
 * The deltas (checked on their own), and what comes whenever its clock says, not from the turn: the
 * ticker's statistics and the MCP connections settling after boot.
 */
const UNORDERED = new Set<CoreEvent['type']>(['messageDelta', 'agentStatsUpdated', 'mcpStatusChanged']);

interface Trace {
  records: unknown[];
  history: unknown;
  spentMilli: number;
  /** Core events from the delivery on, without the deltas, ids and clocks made neutral. */
  events: unknown[];
  deltas: Extract<CoreEvent, { type: 'messageDelta' }>[];
  finalMessage: AgentMessage | null;
}

let beds: StreamVillage[] = [];
afterEach(async () => {
  for (const bed of beds) await bed.close();
  beds = [];
});

/** Ids and clocks differ between any two runs; everything else must not. */
function neutral(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(neutral);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (['id', 'tsMs', 'elapsedMs', 'sessionId', 'startedAtMs'].includes(key)) continue;
    out[key] = neutral(field);
  }
  return out;
}

async function traceOf(pair: Pair, stream: boolean): Promise<Trace> {
  const bed = await openStreamVillage();
  beds.push(bed);
  await startStreamServant(bed, { id: 'a', name: 'A' }, pair.provider, { stream });
  bed.fake.enqueue(stream ? { stream: { bytes: pair.bytes } } : { body: pair.whole });
  const from = bed.events.length;
  const pool = new BudgetPool(CEILING_TOKENS);
  const delivery = bed.orch.deliverScheduled(A, 'hello', { budget: pool, autoApprovePlans: false });
  await delivery.settled;
  const after = bed.events.slice(from);
  const deltas = after.filter((e) => e.type === 'messageDelta');
  const finals = after.flatMap((e) =>
    e.type === 'messageSent' && e.message.from.kind === 'agent' ? [e.message] : [],
  );
  return {
    records: neutral(storedRecords(bed.v).map((r) => ({ kind: r.kind, body: r.body }))) as unknown[],
    history: neutral(bed.orch.runtimeIfKnown(A)?.history),
    spentMilli: pool.spentMilli,
    events: neutral(after.filter((e) => !UNORDERED.has(e.type))) as unknown[],
    deltas,
    finalMessage: finals.at(-1) ?? null,
  };
}

describe('a streaming turn leaves what a whole turn leaves, on every wire', () => {
  it('covers all seven wires', () => {
    expect(new Set(PAIRS.map((p) => p.provider)).size).toBe(7);
  });

  for (const pair of PAIRS) {
    it(`${pair.provider} ${pair.name}`, async () => {
      const whole = await traceOf(pair, false);
      const streamed = await traceOf(pair, true);

      expect(streamed.records).toEqual(whole.records);
      expect(streamed.history).toEqual(whole.history);
      expect(streamed.spentMilli).toBe(whole.spentMilli);
      expect(streamed.events.map((e) => (e as { type: string }).type)).toEqual(
        whole.events.map((e) => (e as { type: string }).type),
      );
      expect(streamed.events).toEqual(whole.events);
      // The turn really ran and was recorded (not two empty traces).
      expect(whole.records.some((r) => (r as { kind: string }).kind === 'turn')).toBe(true);
      expect(whole.spentMilli).toBeGreaterThan(0);

      expect(whole.deltas).toEqual([]);
      if (streamed.finalMessage) {
        for (const delta of streamed.deltas) {
          expect(delta).toMatchObject({ agentId: 'a', messageId: streamed.finalMessage.id });
        }
      }
      // One round that answered: the deltas added up are the final message (later rounds of a
      // tool-calling reply are answered whole by the fake, so they show nothing while streaming).
      const turn = whole.records.find((r) => (r as { kind: string }).kind === 'turn') as {
        body: { rounds: number; stop: { kind: string } };
      };
      if (turn.body.rounds === 1 && turn.body.stop.kind === 'completed' && streamed.finalMessage) {
        expect(streamed.deltas.map((d) => d.text).join('')).toBe(streamed.finalMessage.content);
      }
    });
  }
});
