import { describe, expect, it } from 'vitest';
import type { AgentSpec } from '../domain/agent.ts';
import { agentDirectory } from './agent-directory.ts';

const spec = (id: string, name: string) => ({ id, name }) as unknown as AgentSpec;

describe('agentDirectory', () => {
  it('is built once per agent list and follows a new list', () => {
    const first = [spec('a', 'Alice'), spec('b', 'Bob')];
    const directory = agentDirectory(first);
    expect(agentDirectory(first)).toBe(directory);
    expect(directory.spec('b')?.name).toBe('Bob');
    expect(directory.spec('z')).toBeUndefined();
    expect([...directory.names]).toEqual([
      ['a', 'Alice'],
      ['b', 'Bob'],
    ]);
    // A change replaces the list (the world is immutable): the renamed agent is seen at once.
    const renamed = agentDirectory([first[0]!, spec('b', 'Bea')]);
    expect(renamed).not.toBe(directory);
    expect(renamed.names.get('b')).toBe('Bea');
  });

  it('keeps the first spec and the last name of a repeated id, as find and new Map did', () => {
    const directory = agentDirectory([spec('a', 'One'), spec('a', 'Two')]);
    expect(directory.spec('a')?.name).toBe('One');
    expect(directory.names.get('a')).toBe('Two');
  });
});
