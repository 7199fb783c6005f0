import { describe, expect, it } from 'vitest';
import { writtenServerOrder } from './file-order.ts';

describe('writtenServerOrder', () => {
  it('lists the keys of the root mcpServers object as written', () => {
    expect(writtenServerOrder('{"mcpServers": {"b": 1, "10": {}, "a": [1, {"x": 2}], "2": "s"}}')).toEqual([
      'b',
      '10',
      'a',
      '2',
    ]);
  });

  it('does not take values or nested keys for server names', () => {
    expect(writtenServerOrder('{"mcpServers": {"a": {"b": {"c": 1}}, "d": "e", "f": ["g", "h"]}}')).toEqual([
      'a',
      'd',
      'f',
    ]);
  });

  it('uses the last mcpServers of the root, like JSON.parse', () => {
    expect(writtenServerOrder('{"mcpServers": {"old": 1}, "x": 0, "mcpServers": {"new": 1}}')).toEqual([
      'new',
    ]);
  });

  it('is empty when there is no root mcpServers object', () => {
    expect(writtenServerOrder('{"a": {"mcpServers": {"x": 1}}}')).toEqual([]);
    expect(writtenServerOrder('[{"mcpServers": {"x": 1}}]')).toEqual([]);
    expect(writtenServerOrder('{"mcpServers": ["x"]}')).toEqual([]);
  });

  it('handles escaped quotes and backslashes in strings', () => {
    const text = String.raw`{"k": "a\\", "mcpServers": {"x\\\"": {"v": "}\"{"}, "y": 1}}`;
    expect(writtenServerOrder(text)).toEqual(['x\\"', 'y']);
  });
});
