import { describe, expect, it } from 'vitest';
import { expandMcpEntry } from './expand-vars.ts';
import type { McpEntry } from './types.ts';

const stdio = (fields: Partial<Extract<McpEntry, { type: 'stdio' }>>): McpEntry => ({
  type: 'stdio',
  command: 'node',
  args: [],
  env: {},
  enabled: true,
  ...fields,
});
const http = (fields: Partial<Extract<McpEntry, { type: 'http' }>>): McpEntry => ({
  type: 'http',
  url: 'https://example.com/mcp',
  headers: {},
  enabled: true,
  ...fields,
});

describe('expandMcpEntry', () => {
  const env = { HOME_DIR: '/home/me', TOKEN: 'sk-secret-1', EMPTY: '', PORT: '8123' };

  it('expands ${VAR} and ${VAR:-default} in command, args and env values', () => {
    const entry = stdio({
      command: '${HOME_DIR}/bin/server',
      args: ['--root', '${HOME_DIR}/docs', '--level=${LEVEL:-info}'],
      env: JSON.parse('{"API_KEY": "${TOKEN}", "KEEP": "plain", "__proto__": "${TOKEN}"}') as Record<
        string,
        string
      >,
    });
    const result = expandMcpEntry(entry, env);
    expect(result).toEqual({
      ok: true,
      entry: stdio({
        command: '/home/me/bin/server',
        args: ['--root', '/home/me/docs', '--level=info'],
        env: JSON.parse('{"API_KEY": "sk-secret-1", "KEEP": "plain", "__proto__": "sk-secret-1"}') as Record<
          string,
          string
        >,
      }),
    });
  });

  it('expands the url and header values of an http entry', () => {
    const result = expandMcpEntry(
      http({ url: 'http://localhost:${PORT}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } }),
      env,
    );
    expect(result).toEqual({
      ok: true,
      entry: http({ url: 'http://localhost:8123/mcp', headers: { Authorization: 'Bearer sk-secret-1' } }),
    });
  });

  it('uses a variable set to "" as is, like Claude Code (the default is for unset ones)', () => {
    expect(expandMcpEntry(stdio({ args: ['${EMPTY:-fallback}'] }), env)).toMatchObject({
      ok: true,
      entry: { args: [''] },
    });
  });

  it("reads VS Code's ${env:VAR} as the same variable", () => {
    expect(expandMcpEntry(stdio({ env: { K: '${env:TOKEN}' } }), env)).toMatchObject({
      ok: true,
      entry: { env: { K: 'sk-secret-1' } },
    });
  });

  it('names an unset variable without a default, and the field', () => {
    expect(expandMcpEntry(stdio({ env: { A: '${TOKEN}', B: '${NOT_SET_ANYWHERE}' } }), env)).toEqual({
      ok: false,
      problem: {
        field: 'env',
        message: expect.stringContaining('variable "NOT_SET_ANYWHERE" is not set and has no default'),
      },
    });
    expect(expandMcpEntry(http({ url: 'https://${MISSING_HOST}/mcp' }), env)).toMatchObject({
      ok: false,
      problem: { field: 'url', message: expect.stringContaining('"MISSING_HOST"') },
    });
  });

  it('checks the expanded values, without showing them', () => {
    const lan = expandMcpEntry(http({ url: 'http://${HOST}/mcp' }), { HOST: '192.168.1.5' });
    expect(lan).toMatchObject({
      ok: false,
      problem: { field: 'url', message: expect.stringContaining('loopback') },
    });
    const newline = expandMcpEntry(http({ headers: { X: '${V}' } }), { V: 'a\nsecret-value' });
    expect(newline).toMatchObject({ ok: false, problem: { field: 'headers' } });
    expect(JSON.stringify(newline)).not.toContain('secret-value');
    const empty = expandMcpEntry(stdio({ command: '${EMPTY}' }), env);
    expect(empty).toMatchObject({
      ok: false,
      problem: { field: 'command', message: expect.stringContaining('empty') },
    });
  });

  it('leaves text without references alone', () => {
    const entry = stdio({ command: 'npx', args: ['-y', '$HOME', '{x}'], env: { A: '$' } });
    expect(expandMcpEntry(entry, {})).toEqual({ ok: true, entry });
  });
});
