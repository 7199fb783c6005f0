import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import type { TurnStop } from '../../domain/session.ts';
import {
  type TurnSpend,
  stopField,
  turnExitOf,
  turnFailedLine,
  turnRecordFrom,
  totalTokens,
  turnStartLine,
  usageLine,
} from './turn-lines.ts';

const agent = 'agent_2' as AgentId;

function spend(stop: TurnStop, over: Partial<TurnSpend> = {}): TurnSpend {
  return {
    agentId: agent,
    hop: 1,
    rounds: 3,
    maxRounds: 12,
    waves: 0,
    stop,
    prompt: 52_000,
    cached: 40_000,
    completion: 1_500,
    reasoning: 200,
    cacheWrite: 1_000,
    cacheWrite1h: 0,
    backend: 'anthropic',
    model: 'claude-sonnet-5',
    elapsedMs: 8_123,
    ...over,
  };
}

describe('stopField', () => {
  it.each<[TurnStop, string]>([
    [{ kind: 'completed' }, '-'],
    [{ kind: 'repeat', tool: 'grep' }, 'repeat:grep'],
    [{ kind: 'tool_limit' }, 'tool_limit'],
    [{ kind: 'failed', code: 'LLM_API' }, 'failed:LLM_API'],
    [{ kind: 'interrupted' }, 'interrupted'],
    [{ kind: 'budget_exhausted' }, 'budget_exhausted'],
    [{ kind: 'reserve_short' }, 'reserve_short'],
  ])('%o -> %s', (stop, field) => {
    expect(stopField(stop)).toBe(field);
  });

  it('keeps a tool name from splitting the field', () => {
    expect(stopField({ kind: 'repeat', tool: 'bad name' })).toBe('repeat:bad_name');
  });
});

describe('turnExitOf', () => {
  it('maps the seven stops onto the four exits', () => {
    expect(turnExitOf({ kind: 'completed' })).toBe('completed');
    expect(turnExitOf({ kind: 'repeat', tool: 'x' })).toBe('completed');
    expect(turnExitOf({ kind: 'tool_limit' })).toBe('completed');
    expect(turnExitOf({ kind: 'failed', code: 'X' })).toBe('failed');
    expect(turnExitOf({ kind: 'interrupted' })).toBe('interrupted');
    expect(turnExitOf({ kind: 'budget_exhausted' })).toBe('budget_exhausted');
    expect(turnExitOf({ kind: 'reserve_short' })).toBe('budget_exhausted');
  });
});

describe('usageLine: one line per exit', () => {
  it('completed: turn: with stop=-', () => {
    expect(usageLine(spend({ kind: 'completed' }))).toBe(
      'turn: agent=agent_2 hop=1 rounds=3/12 waves=0 stop=- prompt=52000 cached=40000 total=53500 reasoning=200 backend=anthropic model=claude-sonnet-5',
    );
  });

  it('completed: repeat and tool_limit keep the turn: prefix', () => {
    expect(usageLine(spend({ kind: 'repeat', tool: 'file' }))).toBe(
      'turn: agent=agent_2 hop=1 rounds=3/12 waves=0 stop=repeat:file prompt=52000 cached=40000 total=53500 reasoning=200 backend=anthropic model=claude-sonnet-5',
    );
    expect(usageLine(spend({ kind: 'tool_limit' }, { rounds: 12 }))).toBe(
      'turn: agent=agent_2 hop=1 rounds=12/12 waves=0 stop=tool_limit prompt=52000 cached=40000 total=53500 reasoning=200 backend=anthropic model=claude-sonnet-5',
    );
  });

  it('failed: turn: with stop=failed:{CODE}, same field order', () => {
    expect(usageLine(spend({ kind: 'failed', code: 'LLM_API' }, { reasoning: 0 }))).toBe(
      'turn: agent=agent_2 hop=1 rounds=3/12 waves=0 stop=failed:LLM_API prompt=52000 cached=40000 total=53500 reasoning=0 backend=anthropic model=claude-sonnet-5',
    );
  });

  it('interrupted: own prefix, no backend= / elapsed_ms=, model= last', () => {
    expect(usageLine(spend({ kind: 'interrupted' }))).toBe(
      'turn interrupted: agent=agent_2 hop=1 rounds=3/12 waves=0 prompt=52000 cached=40000 total=53500 reasoning=200 model=claude-sonnet-5',
    );
  });

  it('budget exhausted: one prefix for both budget stops, reason= tells them apart', () => {
    expect(usageLine(spend({ kind: 'budget_exhausted' }))).toBe(
      'turn budget exhausted: agent=agent_2 hop=1 rounds=3/12 waves=0 reason=exhausted prompt=52000 cached=40000 total=53500 reasoning=200 model=claude-sonnet-5',
    );
    expect(
      usageLine(
        spend({ kind: 'reserve_short' }, { rounds: 0, prompt: 0, cached: 0, completion: 0, reasoning: 0 }),
      ),
    ).toBe(
      'turn budget exhausted: agent=agent_2 hop=1 rounds=0/12 waves=0 reason=reserve_short prompt=0 cached=0 total=0 reasoning=0 model=claude-sonnet-5',
    );
  });

  it('all four end with model= and only the turn: line has backend=', () => {
    const stops: TurnStop[] = [
      { kind: 'completed' },
      { kind: 'failed', code: 'X' },
      { kind: 'interrupted' },
      { kind: 'budget_exhausted' },
    ];
    for (const stop of stops) {
      const line = usageLine(spend(stop));
      expect(line.split(' ').at(-1)).toBe('model=claude-sonnet-5');
      expect(line).not.toContain('elapsed_ms=');
      expect(line.includes('backend=')).toBe(line.startsWith('turn: '));
    }
  });

  it('writes - for an empty backend or model', () => {
    expect(usageLine(spend({ kind: 'completed' }, { backend: '', model: '' }))).toMatch(
      / backend=- model=-$/,
    );
  });
});

describe('turnRecordFrom', () => {
  it('builds the record from the same value as the line', () => {
    expect(turnRecordFrom(spend({ kind: 'repeat', tool: 'grep' }), 1_700_000_000_000)).toEqual({
      agentId: agent,
      tsMs: 1_700_000_000_000,
      hop: 1,
      rounds: 3,
      waves: 0,
      stop: { kind: 'repeat', tool: 'grep' },
      prompt: 52_000,
      cached: 40_000,
      completion: 1_500,
      reasoning: 200,
      cacheWrite: 1_000,
      cacheWrite1h: 0,
      model: 'claude-sonnet-5',
      backend: 'anthropic',
      elapsedMs: 8_123,
    });
  });

  it('the line total is the record prompt + completion; unrecorded cache writes are 0', () => {
    const s = spend(
      { kind: 'completed' },
      { prompt: 10, completion: 5, cacheWrite: undefined, cacheWrite1h: undefined },
    );
    const record = turnRecordFrom(s, 0);
    expect(usageLine(s)).toContain(' total=15 ');
    expect(totalTokens(s)).toBe(record.prompt + record.completion);
    expect(record.cacheWrite).toBe(0);
    expect(record.cacheWrite1h).toBe(0);
  });
});

describe('turnStartLine', () => {
  it('carries the count, never the text', () => {
    expect(turnStartLine({ agent, hop: 0, chars: 25 })).toBe('turn start: agent=agent_2 hop=0 chars=25');
  });
});

describe('turnFailedLine', () => {
  it('carries the reason text on one line', () => {
    expect(
      turnFailedLine({ agent, code: 'LLM_API', reason: 'provider returned 401\n(check the credential)' }),
    ).toBe('turn failed: agent=agent_2 code=LLM_API reason=provider returned 401 (check the credential)');
  });

  it('clips a long reason and writes - for an empty one', () => {
    const line = turnFailedLine({ agent, code: 'LLM_API', reason: 'x'.repeat(1_000) });
    expect(line).toBe(`turn failed: agent=agent_2 code=LLM_API reason=${'x'.repeat(300)}`);
    expect(turnFailedLine({ agent, code: '', reason: '  ' })).toBe(
      'turn failed: agent=agent_2 code=- reason=-',
    );
  });
});
