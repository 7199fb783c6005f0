import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-config.ts';
import { configProblems, formatEntryProblem } from './problems.ts';

describe('configProblems', () => {
  it('is empty for a valid file', () => {
    expect(configProblems(parseMcpConfig('{"mcpServers": {"a": {"command": "x"}}}'))).toEqual([]);
    expect(configProblems(parseMcpConfig(''))).toEqual([]);
  });

  it('is the file-level message alone for a broken file', () => {
    expect(configProblems(parseMcpConfig('{"mcpServers": []}'))).toEqual([
      '"mcpServers" must be an object of server entries, not an array',
    ]);
  });

  it('lists one line per bad entry (its first problem), in file order', () => {
    const text = JSON.stringify({
      mcpServers: {
        good: { command: 'x' },
        web: { type: 'http', command: 'npx' },
        old: { type: 'sse', url: 'https://e.com' },
        lan: { type: 'http', url: 'http://192.168.0.2/mcp', headers: { 'bad name': 'v' } },
      },
    });
    expect(configProblems(parseMcpConfig(text))).toEqual([
      'server "web": field "command": is not allowed in an http entry (only stdio entries have it)',
      'server "old": field "type": the old SSE transport is not supported: use "type": "http" for Streamable HTTP',
      'server "lan": field "headers": "bad name" is not a valid header name',
    ]);
  });
});

describe('formatEntryProblem', () => {
  it('quotes the names as JSON strings, so a name cannot break the line', () => {
    expect(formatEntryProblem({ server: 'a"\nb', field: 'env', message: 'm' })).toBe(
      'server "a\\"\\nb": field "env": m',
    );
  });

  it('cuts a very long server name', () => {
    const line = formatEntryProblem({ server: 'n'.repeat(500), field: 'command', message: 'm' });
    expect(line).toBe(`server "${'n'.repeat(64)}…": field "command": m`);
  });
});
