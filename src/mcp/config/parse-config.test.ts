import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-config.ts';
import type { McpConfigRead } from './types.ts';

function servers(read: McpConfigRead) {
  if (!read.ok) throw new Error(`expected ok, got ${read.message}`);
  return read.servers;
}

function failure(read: McpConfigRead): string {
  if (read.ok) throw new Error('expected a file-level failure');
  return read.message;
}

describe('parseMcpConfig: the file', () => {
  it.each(['', '   ', '\n\t\n', '\uFEFF'])('reads %j as zero servers', (text) => {
    expect(parseMcpConfig(text)).toEqual({ ok: true, servers: [] });
  });

  it('reads an object without mcpServers as zero servers', () => {
    expect(parseMcpConfig('{"globalShortcut": "Ctrl+Space"}')).toEqual({ ok: true, servers: [] });
  });

  it('refuses servers under a key that is not read, naming the form, never as zero servers', () => {
    const entry = { command: 'node', args: ['server.js'] };
    const vscodeSettings = parseMcpConfig(JSON.stringify({ mcp: { servers: { e: entry } } }));
    expect(vscodeSettings).toMatchObject({
      ok: false,
      message: expect.stringContaining('VS Code settings.json'),
    });
    const zed = parseMcpConfig(JSON.stringify({ context_servers: { e: entry } }));
    expect(zed).toMatchObject({ ok: false, message: expect.stringContaining('Zed') });
    const wrongCase = parseMcpConfig(JSON.stringify({ mcpservers: { e: entry } }));
    expect(wrongCase).toMatchObject({ ok: false, message: expect.stringContaining('exactly "mcpServers"') });
    const http = parseMcpConfig(JSON.stringify({ tools: { remote: { url: 'https://x.example/mcp' } } }));
    expect(http).toMatchObject({ ok: false, message: expect.stringContaining('"tools", which is not read') });
    for (const read of [vscodeSettings, zed, wrongCase, http])
      expect((read as { message: string }).message).toContain('Read forms: "mcpServers"');
  });

  it('reads an empty mcpServers as zero servers', () => {
    expect(parseMcpConfig('{"mcpServers": {}}')).toEqual({ ok: true, servers: [] });
  });

  it('skips a leading BOM', () => {
    expect(servers(parseMcpConfig('\uFEFF{"mcpServers": {"a": {"command": "x"}}}'))).toHaveLength(1);
  });

  it('refuses text that is not JSON, with line and column only', () => {
    const message = failure(parseMcpConfig('{\n  "mcpServers": {\n    "a": {"command": "x",}\n  }\n}'));
    expect(message).toMatch(/^not valid JSON at line 3, column \d+$/);
  });

  it('does not quote the text of bad JSON (it may hold tokens)', () => {
    const text =
      '{"mcpServers": {"a": {"type": "http", "headers": {"Authorization": "Bearer CANARY77" oops}}}}';
    expect(failure(parseMcpConfig(text))).not.toContain('CANARY');
  });

  it.each([
    ['[]', 'an array'],
    ['"text"', 'a string'],
    ['42', 'a number'],
    ['null', 'null'],
  ])('refuses the root %s', (text, kind) => {
    expect(failure(parseMcpConfig(text))).toBe(`the top level must be a JSON object, not ${kind}`);
  });

  it.each([
    ['[]', 'an array'],
    ['"x"', 'a string'],
    ['null', 'null'],
    ['1', 'a number'],
  ])('refuses mcpServers that is %s', (value, kind) => {
    expect(failure(parseMcpConfig(`{"mcpServers": ${value}}`))).toBe(
      `"mcpServers" must be an object of server entries, not ${kind}`,
    );
  });
});

describe('parseMcpConfig: the servers', () => {
  const text = `{
    "mcpServers": {
      "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
      "legacy": { "type": "sse", "url": "https://example.com/sse" },
      "remote": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer t" } },
      "off": { "command": 5, "enabled": false }
    }
  }`;

  it('keeps a bad entry with its server and the good ones usable', () => {
    const list = servers(parseMcpConfig(text));
    expect(list.map((server) => server.name)).toEqual(['files', 'legacy', 'remote', 'off']);
    expect(list[0]?.entry?.type).toBe('stdio');
    expect(list[1]?.problem).toMatchObject({ server: 'legacy', field: 'type' });
    expect(list[2]?.entry).toEqual({
      type: 'http',
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer t' },
      enabled: true,
    });
    // Disabled, yet still validated.
    expect(list[3]?.problem).toMatchObject({ server: 'off', field: 'command' });
  });

  it('lists servers in file order, integer-like names included', () => {
    const raw =
      '{"mcpServers": {"zeta": {"command": "z"}, "10": {"command": "a"}, "b": {"command": "b"}, "2": {"command": "c"}}}';
    expect(servers(parseMcpConfig(raw)).map((server) => server.name)).toEqual(['zeta', '10', 'b', '2']);
  });

  it('takes the last of a repeated server name, at its first position (JSON.parse semantics)', () => {
    const raw =
      '{"mcpServers": {"a": {"command": "first"}, "b": {"command": "b"}, "a": {"command": "second"}}}';
    const list = servers(parseMcpConfig(raw));
    expect(list.map((server) => server.name)).toEqual(['a', 'b']);
    expect(list[0]?.entry).toMatchObject({ command: 'second' });
  });

  it('ignores other root keys and keys named mcpServers deeper down', () => {
    const raw = `{
      "other": {"mcpServers": {"9": {}, "ghost": {}}},
      "mcpServers": {"x": {"command": "x", "env": {"mcpServers": "v"}}, "1": {"command": "y"}},
      "after": [{"mcpServers": {}}]
    }`;
    expect(servers(parseMcpConfig(raw)).map((server) => server.name)).toEqual(['x', '1']);
  });

  it('reads names with escapes, quotes and braces in them', () => {
    const raw = String.raw`{"mcpServers": {"a\"}{b": {"command": "x"}, "\u30d5\u30a1": {"command": "y"}, "3": {"command": "z"}}}`;
    expect(servers(parseMcpConfig(raw)).map((server) => server.name)).toEqual(['a"}{b', 'ファ', '3']);
  });

  it('refuses a blank server name but keeps the others', () => {
    const list = servers(parseMcpConfig('{"mcpServers": {" ": {"command": "x"}, "ok": {"command": "y"}}}'));
    expect(list[0]?.problem).toEqual({ server: ' ', field: '(name)', message: 'the server name is empty' });
    expect(list[1]?.entry).toBeDefined();
  });

  it('reads a server called __proto__ as a server', () => {
    const list = servers(parseMcpConfig('{"mcpServers": {"__proto__": {"command": "x"}}}'));
    expect(list).toEqual([
      { name: '__proto__', entry: { type: 'stdio', command: 'x', args: [], env: {}, enabled: true } },
    ]);
  });
});

describe('parseMcpConfig: the VS Code form', () => {
  it('reads "servers" (beside "inputs") as the servers, in file order', () => {
    const text = JSON.stringify({
      inputs: [{ type: 'promptString', id: 'unused', description: 'x' }],
      servers: {
        github: { type: 'http', url: 'https://api.example.com/mcp' },
        files: { type: 'stdio', command: 'npx', args: ['-y', 'server-filesystem', '.'] },
      },
    });
    const list = servers(parseMcpConfig(text));
    expect(list.map((server) => server.name)).toEqual(['github', 'files']);
    expect(list[1]?.entry).toMatchObject({ type: 'stdio', command: 'npx' });
  });

  it('refuses a file with both forms instead of choosing one silently', () => {
    const text = '{"mcpServers": {"a": {"command": "x"}}, "servers": {"b": {"command": "y"}}}';
    expect(failure(parseMcpConfig(text))).toContain('both "mcpServers"');
    expect(failure(parseMcpConfig(text))).toContain('VS Code');
  });

  it('names the VS Code form when its "servers" is not an object', () => {
    expect(failure(parseMcpConfig('{"servers": []}'))).toBe(
      '"servers" (the VS Code mcp.json form) must be an object of server entries, not an array',
    );
  });
});
