import { describe, expect, it } from 'vitest';
import { AGENT_SPEC_DEFAULTS, type AgentSpec } from '../domain/agent.ts';
import type { AgentId, ModelTemplateId } from '../domain/ids.ts';
import {
  setAskTimeout,
  setDefaultVerifier,
  setExternalName,
  setReception,
  setTokenBudget,
  setTopologyPositions,
  setUserName,
} from './settings.ts';
import { requireWorkDir, userNameProblem, validateConnections } from './validate.ts';
import { emptyWorld, type WorldState } from './world-state.ts';
import { thrownCoreError as caught } from '../../test/helpers/core-error.ts';

function agent(id: string): AgentSpec {
  return { ...AGENT_SPEC_DEFAULTS, id: id as AgentId, name: id, modelTemplateId: 'tpl' as ModelTemplateId };
}

function world(...ids: string[]): WorldState {
  return { ...emptyWorld(), agents: ids.map(agent) };
}

describe('setTokenBudget', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'refuses %s with INVALID_TOKEN_BUDGET',
    (value) => {
      expect(caught(() => setTokenBudget(emptyWorld(), value)).code).toBe('INVALID_TOKEN_BUDGET');
    },
  );

  it('accepts a positive whole number and null', () => {
    expect(setTokenBudget(emptyWorld(), 1).tokenBudget).toBe(1);
    expect(setTokenBudget(emptyWorld(), 250_000).tokenBudget).toBe(250_000);
    expect(setTokenBudget({ ...emptyWorld(), tokenBudget: 10 }, null).tokenBudget).toBeNull();
  });

  it('does not change the given world', () => {
    const before = emptyWorld();
    setTokenBudget(before, 100);
    expect(before.tokenBudget).toBeNull();
  });
});

describe('setAskTimeout', () => {
  it.each([29, 3601, 0, -30, 60.5])('refuses %s with INVALID_ASK_TIMEOUT', (value) => {
    expect(caught(() => setAskTimeout(emptyWorld(), value)).code).toBe('INVALID_ASK_TIMEOUT');
  });

  it.each([30, 600, 3600])('accepts %s', (value) => {
    expect(setAskTimeout(emptyWorld(), value).askTimeoutSecs).toBe(value);
  });

  it('accepts null', () => {
    expect(setAskTimeout({ ...emptyWorld(), askTimeoutSecs: 90 }, null).askTimeoutSecs).toBeNull();
  });
});

describe('setUserName', () => {
  const rejected: [string, string][] = [
    ['empty', ''],
    ['blank', '   '],
    ['with 】', 'SECRETNAME】'],
    ['with a line break', 'SECRETNAME\nnext'],
    ['with a BEL control character', 'SECRETNAME\u0007'],
    ['with a tab', 'SECRETNAME\there'],
    ['with DEL', 'SECRETNAME\u007f'],
    ['with a line separator', 'SECRETNAME\u2028'],
    ['33 characters', `SECRETNAME${'x'.repeat(23)}`],
  ];
  it.each(rejected)('refuses a name %s with INVALID_USER_NAME, without echoing it', (_what, value) => {
    const error = caught(() => setUserName(emptyWorld(), value));
    expect(error.code).toBe('INVALID_USER_NAME');
    if (value.trim() !== '') expect(error.message).not.toContain('SECRETNAME');
    expect(error.detail ?? '').not.toContain('SECRETNAME');
  });

  it('has 33 characters in the long fixture', () => {
    expect([...`SECRETNAME${'x'.repeat(23)}`].length).toBe(33);
  });

  it('accepts 32 characters', () => {
    const name = 'n'.repeat(32);
    expect(setUserName(emptyWorld(), name).userName).toBe(name);
  });

  it('counts code points: 32 emoji are accepted, 33 are not', () => {
    const emoji32 = '😀'.repeat(32);
    expect(emoji32.length).toBe(64);
    expect(setUserName(emptyWorld(), emoji32).userName).toBe(emoji32);
    expect(caught(() => setUserName(emptyWorld(), '😀'.repeat(33))).code).toBe('INVALID_USER_NAME');
  });

  it('trims the stored name', () => {
    expect(setUserName(emptyWorld(), '  Alice  ').userName).toBe('Alice');
  });

  it('clears with null', () => {
    expect(setUserName({ ...emptyWorld(), userName: 'Alice' }, null).userName).toBeNull();
  });

  it('leaves the world unchanged on refusal', () => {
    const before = { ...emptyWorld(), userName: 'Alice' };
    expect(() => setUserName(before, 'bad】')).toThrow();
    expect(before.userName).toBe('Alice');
  });

  it('applies the same rules to the external client name', () => {
    expect(caught(() => setExternalName(emptyWorld(), 'SECRETNAME】')).code).toBe('INVALID_USER_NAME');
    expect(setExternalName(emptyWorld(), ' Bot ').externalName).toBe('Bot');
    expect(setExternalName({ ...emptyWorld(), externalName: 'Bot' }, null).externalName).toBeNull();
  });
});

describe('userNameProblem', () => {
  it('returns null for a good name and a reason otherwise', () => {
    expect(userNameProblem('Alice')).toBeNull();
    expect(userNameProblem('山田 太郎')).toBeNull();
    expect(userNameProblem('a】')).toMatch(/】/);
    expect(userNameProblem('a\r')).toMatch(/control/);
  });
});

describe('setDefaultVerifier / setReception', () => {
  it('refuses an unknown agent with AGENT_NOT_FOUND', () => {
    expect(caught(() => setDefaultVerifier(world('a'), 'ghost' as AgentId)).code).toBe('AGENT_NOT_FOUND');
    expect(caught(() => setReception(world('a'), 'ghost' as AgentId)).code).toBe('AGENT_NOT_FOUND');
  });

  it('sets a known agent and clears with null', () => {
    const set = setDefaultVerifier(world('a', 'b'), 'b' as AgentId);
    expect(set.defaultVerifier).toBe('b');
    expect(setDefaultVerifier(set, null).defaultVerifier).toBeNull();
    expect(setReception(world('a'), 'a' as AgentId).reception).toBe('a');
  });
});

describe('setTopologyPositions', () => {
  it('refuses an unknown agent with AGENT_NOT_FOUND', () => {
    expect(
      caught(() => setTopologyPositions(world('a'), { a: { x: 0, y: 0 }, ghost: { x: 1, y: 1 } })).code,
    ).toBe('AGENT_NOT_FOUND');
  });

  it.each([
    { x: Number.NaN, y: 0 },
    { x: 0, y: Number.POSITIVE_INFINITY },
    { x: Number.NEGATIVE_INFINITY, y: 1 },
  ])('refuses the non-finite position %o with INVALID_ARGUMENT', (pos) => {
    expect(caught(() => setTopologyPositions(world('a'), { a: pos })).code).toBe('INVALID_ARGUMENT');
  });

  it('merges with the stored positions', () => {
    const start = { ...world('a', 'b', 'c'), topologyPositions: { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } } };
    const next = setTopologyPositions(start, { b: { x: 20, y: -20 }, c: { x: 3.5, y: 0 } });
    expect(next.topologyPositions).toEqual({ a: { x: 1, y: 1 }, b: { x: 20, y: -20 }, c: { x: 3.5, y: 0 } });
    expect(start.topologyPositions).toEqual({ a: { x: 1, y: 1 }, b: { x: 2, y: 2 } });
  });
});

describe('validate helpers', () => {
  it('requireWorkDir maps empty to null, keeps absolute paths and refuses relative ones', () => {
    expect(requireWorkDir(null)).toBeNull();
    expect(requireWorkDir('')).toBeNull();
    expect(requireWorkDir('/srv/work')).toBe('/srv/work');
    expect(caught(() => requireWorkDir('./work')).code).toBe('INVALID_ARGUMENT');
  });

  it('validateConnections refuses self-loops and unknown targets and collapses duplicates', () => {
    const w = world('a', 'b');
    expect(validateConnections(w, 'a', ['b', 'b'])).toEqual(['b']);
    expect(caught(() => validateConnections(w, 'a', ['a'])).code).toBe('INVALID_TOPOLOGY');
    expect(caught(() => validateConnections(w, 'a', ['z'])).code).toBe('INVALID_TOPOLOGY');
  });
});
