import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-config.ts';
import { serializeMcpEntry } from './serialize-entry.ts';
import type { McpEntry } from './types.ts';

function roundTrip(entry: McpEntry): McpEntry | undefined {
  const read = parseMcpConfig(JSON.stringify({ mcpServers: { x: serializeMcpEntry(entry) } }));
  if (!read.ok) throw new Error(read.message);
  const [server] = read.servers;
  if (server?.problem) throw new Error(server.problem.message);
  return server?.entry;
}

const entries: [string, McpEntry][] = [
  ['bare stdio', { type: 'stdio', command: 'uvx', args: [], env: {}, enabled: true }],
  [
    'stdio with everything',
    { type: 'stdio', command: 'npx', args: ['-y', 'pkg', ''], env: { A: '1', B: '' }, enabled: false },
  ],
  ['bare http', { type: 'http', url: 'https://example.com/mcp', headers: {}, enabled: true }],
  [
    'http with everything',
    {
      type: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer t', 'X-Trace': '1' },
      enabled: false,
    },
  ],
];

describe('serializeMcpEntry', () => {
  it.each(entries)('round-trips %s', (_what, entry) => {
    expect(roundTrip(entry)).toEqual(entry);
  });

  it('never writes type for stdio (the Claude Desktop form)', () => {
    const written = serializeMcpEntry({
      type: 'stdio',
      command: 'npx',
      args: ['s'],
      env: { K: 'v' },
      enabled: true,
    });
    expect(written).toEqual({ command: 'npx', args: ['s'], env: { K: 'v' } });
    expect('type' in written).toBe(false);
  });

  it('always writes type "http" (without it the next read takes the entry for stdio)', () => {
    expect(serializeMcpEntry({ type: 'http', url: 'https://e.com', headers: {}, enabled: true })).toEqual({
      type: 'http',
      url: 'https://e.com',
    });
  });

  it('writes enabled only when false, and empty env / headers not at all', () => {
    expect(serializeMcpEntry({ type: 'stdio', command: 'x', args: [], env: {}, enabled: false })).toEqual({
      command: 'x',
      args: [],
      enabled: false,
    });
    expect(serializeMcpEntry({ type: 'http', url: 'https://e.com', headers: {}, enabled: false })).toEqual({
      type: 'http',
      url: 'https://e.com',
      enabled: false,
    });
  });

  it('copies, so editing the output leaves the entry alone', () => {
    const entry: McpEntry = { type: 'stdio', command: 'x', args: ['a'], env: { K: 'v' }, enabled: true };
    const written = serializeMcpEntry(entry);
    (written.args as string[]).push('b');
    (written.env as Record<string, string>).K = 'changed';
    expect(entry).toEqual({ type: 'stdio', command: 'x', args: ['a'], env: { K: 'v' }, enabled: true });
  });
});
