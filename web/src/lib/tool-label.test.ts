import { describe, expect, it } from 'vitest';
import { clipResult, toolLabel } from './tool-label.ts';

const names: Record<string, string> = { bob: 'Bob', carol: 'Carol' };
const nameOf = (id: string) => names[id] ?? id;

describe('toolLabel', () => {
  it('names routing calls by the servant they reach', () => {
    expect(toolLabel('ask_agent_2', 'bob', nameOf)).toBe('ask → Bob');
    expect(toolLabel('transfer_to_carol', 'carol', nameOf)).toBe('transfer → Carol');
  });
  it('says the routing verbs in the words it is given (the UI language)', () => {
    const ja = { ask: '質問', transfer: '引き継ぎ' };
    expect(toolLabel('ask_agent_2', 'bob', nameOf, ja)).toBe('質問 → Bob');
    expect(toolLabel('transfer_to_carol', 'carol', nameOf, ja)).toBe('引き継ぎ → Carol');
    expect(toolLabel('file', undefined, nameOf, ja)).toBe('file');
  });
  it('splits MCP names into server and tool; bundled names stay', () => {
    expect(toolLabel('github__search_issues', undefined, nameOf)).toBe('github · search_issues');
    expect(toolLabel('file', undefined, nameOf)).toBe('file');
    expect(toolLabel('__odd', undefined, nameOf)).toBe('__odd');
    expect(toolLabel('odd__', undefined, nameOf)).toBe('odd__');
    // Without a recorded target an ask_ name is shown as it is (never guessed).
    expect(toolLabel('ask_bob', undefined, nameOf)).toBe('ask_bob');
  });
});

describe('clipResult', () => {
  it('keeps short text whole and clips long text at code points', () => {
    expect(clipResult('abc', 5)).toEqual({ text: 'abc', clipped: false });
    expect(clipResult('a😀bc', 2)).toEqual({ text: 'a😀', clipped: true });
  });
});
