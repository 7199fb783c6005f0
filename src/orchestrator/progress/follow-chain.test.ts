import { beforeEach, describe, expect, it } from 'vitest';
import type { AskProgress } from '../../domain/ask-progress.ts';
import { EventBus } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import { FakeClock } from './fake-clock.ts';
import { followChain, type ChainProgress } from './follow-chain.ts';

const alice = 'alice' as AgentId;
const bob = 'bob' as AgentId;
const carol = 'carol' as AgentId;
const NAMES: Record<string, string> = { alice: 'Alice', bob: 'Bob', carol: 'Carol' };

let bus: EventBus;
let clock: FakeClock;
let told: AskProgress[];
let chain: ChainProgress;

beforeEach(() => {
  bus = new EventBus();
  clock = new FakeClock();
  told = [];
  chain = followChain({ events: bus, nameOf: (id) => NAMES[id]!, clock }, (u) => told.push(u));
});

const delta = (agentId: AgentId, text: string) =>
  bus.emit({ type: 'messageDelta', agentId, messageId: `m-${agentId}`, text });

describe('followChain', () => {
  it('tells who works, the tool it runs and what it streams, back to the asker after an ask', () => {
    chain.watch.turnStarted(alice);
    delta(alice, 'Let me ask ');
    clock.advance(600); // the held delta goes out at 500 ms
    delta(alice, 'Bob.'); // held again, then dropped: the tool call is news and goes at once
    chain.watch.toolStarted(alice, 'ask_bob', bob);
    chain.watch.turnStarted(bob);
    clock.advance(600);
    delta(bob, 'The notes\n are fine');
    chain.watch.turnEnded(bob);
    expect(told).toEqual([
      { kind: 'working', agent: 'Alice', excerpt: '' },
      { kind: 'working', agent: 'Alice', excerpt: 'Let me ask' },
      { kind: 'tool', agent: 'Alice', tool: 'ask → Bob' },
      { kind: 'working', agent: 'Bob', excerpt: '' },
      { kind: 'working', agent: 'Bob', excerpt: 'The notes are fine' },
      { kind: 'working', agent: 'Alice', excerpt: '' },
    ]);
  });

  it('names an MCP tool readably, and forgets the text written before it', () => {
    chain.watch.turnStarted(alice);
    clock.advance(600);
    delta(alice, 'Checking the tracker.');
    chain.watch.toolStarted(alice, 'github__create_issue', null);
    clock.advance(600);
    delta(alice, 'Filed.');
    expect(told.slice(1)).toEqual([
      { kind: 'working', agent: 'Alice', excerpt: 'Checking the tracker.' },
      { kind: 'tool', agent: 'Alice', tool: 'github · create_issue' },
      { kind: 'working', agent: 'Alice', excerpt: 'Filed.' },
    ]);
  });

  it("ignores servants whose turn is not this chain's (another chain beside it)", () => {
    chain.watch.turnStarted(alice);
    delta(carol, 'other work');
    bus.emit({ type: 'agentTyping', agentId: carol, active: true });
    expect(told.map((u) => u.agent)).toEqual(['Alice']);
    // Once Alice's turn is over her deltas are no longer this chain's either.
    chain.watch.turnEnded(alice);
    delta(alice, 'next chain');
    clock.advance(1_000);
    expect(told).toHaveLength(1);
  });

  it('tells nothing after stop, and unsubscribes from the bus', () => {
    chain.watch.turnStarted(alice);
    delta(alice, 'held for the interval');
    chain.stop();
    clock.advance(1_000);
    delta(alice, 'more');
    chain.watch.turnStarted(bob);
    chain.watch.toolStarted(alice, 'web_fetch', null);
    expect(told).toEqual([{ kind: 'working', agent: 'Alice', excerpt: '' }]);
    expect(clock.pendingTimers).toBe(0);
  });
});
