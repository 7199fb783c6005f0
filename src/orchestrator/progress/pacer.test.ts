import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.ts';
import { ProgressPacer } from './pacer.ts';

interface Update {
  who: string;
  text: string;
}

let clock: FakeClock;
let sent: { at: number; update: Update }[];
let pacer: ProgressPacer<Update>;

beforeEach(() => {
  clock = new FakeClock();
  sent = [];
  pacer = new ProgressPacer<Update>({
    send: (update) => sent.push({ at: clock.now(), update }),
    keyOf: (u) => u.who,
    textOf: (u) => u.text,
    intervalMs: 500,
    clock,
  });
});

const texts = () => sent.map((s) => `${s.at}:${s.update.who}:${s.update.text}`);

describe('ProgressPacer', () => {
  it('sends the first update at once, then at most one per interval, the latest winning', () => {
    pacer.push({ who: 'alice', text: 'a' });
    clock.advance(100);
    pacer.push({ who: 'alice', text: 'ab' });
    clock.advance(100);
    pacer.push({ who: 'alice', text: 'abc' });
    expect(texts()).toEqual(['0:alice:a']);
    clock.advance(299);
    expect(texts()).toEqual(['0:alice:a']);
    clock.advance(1);
    expect(texts()).toEqual(['0:alice:a', '500:alice:abc']);
    // Long after: due again, sent at once.
    clock.advance(2_000);
    pacer.push({ who: 'alice', text: 'abcd' });
    expect(texts().at(-1)).toBe('2500:alice:abcd');
  });

  it('sends a change of servant at once, dropping the held update of the one before', () => {
    pacer.push({ who: 'alice', text: 'a' });
    clock.advance(50);
    pacer.push({ who: 'alice', text: 'ab' });
    clock.advance(10);
    pacer.push({ who: 'bob', text: 'b' });
    expect(texts()).toEqual(['0:alice:a', '60:bob:b']);
    clock.advance(1_000);
    expect(texts()).toEqual(['0:alice:a', '60:bob:b']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('never sends the same update twice in a row', () => {
    pacer.push({ who: 'alice', text: 'a' });
    clock.advance(600);
    pacer.push({ who: 'alice', text: 'a' });
    expect(sent).toHaveLength(1);
  });

  it('sends nothing after stop, not even an update it held', () => {
    pacer.push({ who: 'alice', text: 'a' });
    pacer.push({ who: 'alice', text: 'ab' });
    pacer.stop();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(1_000);
    pacer.push({ who: 'bob', text: 'b' });
    expect(texts()).toEqual(['0:alice:a']);
  });

  it('a send that throws does not reach the caller', () => {
    const failing = new ProgressPacer<Update>({
      send: () => {
        throw new Error('client gone');
      },
      keyOf: (u) => u.who,
      textOf: (u) => u.text,
      clock,
    });
    expect(() => failing.push({ who: 'alice', text: 'a' })).not.toThrow();
  });
});
