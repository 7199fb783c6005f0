import { describe, expect, it } from 'vitest';
import type { EntryProblem, ServerConfig } from './types.ts';
import { validateMcpEntry } from './validate-entry.ts';

function problemOf(result: ServerConfig): EntryProblem {
  if (!result.problem) throw new Error(`expected a problem, got ${JSON.stringify(result.entry)}`);
  return result.problem;
}

/** The field and a key part of the message of the first violation. */
function expectProblem(value: unknown, field: string, message: string | RegExp, name = 'srv'): void {
  const problem = problemOf(validateMcpEntry(name, value));
  expect(problem.server).toBe(name);
  expect(problem.field).toBe(field);
  if (typeof message === 'string') expect(problem.message).toContain(message);
  else expect(problem.message).toMatch(message);
}

describe('valid entries', () => {
  it('reads the Claude Desktop stdio form with defaults filled in', () => {
    expect(validateMcpEntry('files', { command: 'npx', args: ['-y', 'server'] })).toEqual({
      name: 'files',
      entry: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: {}, enabled: true },
    });
    expect(validateMcpEntry('files', { command: 'uvx' }).entry).toEqual({
      type: 'stdio',
      command: 'uvx',
      args: [],
      env: {},
      enabled: true,
    });
  });

  it('reads an explicit "stdio" type and every optional field', () => {
    const value = { type: 'stdio', command: 'node', args: ['s.js'], env: { TOKEN: 'x' }, enabled: false };
    expect(validateMcpEntry('s', value).entry).toEqual({
      type: 'stdio',
      command: 'node',
      args: ['s.js'],
      env: { TOKEN: 'x' },
      enabled: false,
    });
  });

  it('reads the http form', () => {
    const value = { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } };
    expect(validateMcpEntry('remote', value).entry).toEqual({
      type: 'http',
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer t' },
      enabled: true,
    });
  });

  it('ignores keys other clients write', () => {
    const entry = validateMcpEntry('s', {
      command: 'x',
      timeout: 60,
      disabled: false,
      autoApprove: [],
    }).entry;
    expect(entry).toEqual({ type: 'stdio', command: 'x', args: [], env: {}, enabled: true });
  });

  it('copies args and env, keeping a variable named __proto__ as a variable', () => {
    const raw = JSON.parse('{"command":"x","args":["a"],"env":{"__proto__":"v","A":"b"}}') as {
      args: string[];
    };
    const entry = validateMcpEntry('s', raw).entry;
    if (entry?.type !== 'stdio') throw new Error('expected stdio');
    expect(Object.keys(entry.env)).toEqual(['__proto__', 'A']);
    expect(Object.getPrototypeOf(entry.env)).toBe(Object.prototype);
    raw.args.push('b');
    expect(entry.args).toEqual(['a']);
  });

  it('allows a name of symbols only (tool-name folding handles it)', () => {
    expect(validateMcpEntry('!!', { command: 'x' }).entry).toBeDefined();
  });
});

describe('server name', () => {
  it.each(['', '   ', '\t\n'])('refuses %j', (name) => {
    expectProblem({ command: 'x' }, '(name)', 'the server name is empty', name);
  });
});

describe('stage 1: shape discrimination', () => {
  it.each([
    [null, 'null'],
    [[], 'an array'],
    ['npx', 'a string'],
    [3, 'a number'],
    [true, 'a boolean'],
  ])('refuses an entry that is %j', (value, kind) => {
    expectProblem(value, '(entry)', `must be a JSON object, not ${kind}`);
  });

  it('refuses the old SSE transport by name, pointing to "http"', () => {
    expectProblem(
      { type: 'sse', url: 'https://example.com/sse' },
      'type',
      /old SSE transport is not supported.*"type": "http"/,
    );
    expectProblem({ type: 'SSE', url: 'https://example.com/sse' }, 'type', 'old SSE transport');
  });

  it.each(['websocket', 'streamable-http', 'HTTP', ''])('refuses the unknown type %j', (type) => {
    expectProblem({ type, url: 'https://example.com' }, 'type', `unknown type ${JSON.stringify(type)}`);
  });

  it.each([
    [null, 'null'],
    [1, 'a number'],
  ])('refuses a type that is %j', (type, kind) => {
    expectProblem({ type, command: 'x' }, 'type', `must be "stdio" or "http", not ${kind}`);
  });

  it('tells an entry with a url and no type to add type "http"', () => {
    expectProblem({ url: 'https://example.com/mcp' }, 'type', 'add "type": "http"');
  });

  it('checks the type before anything else', () => {
    expectProblem({ type: 'sse', command: 'x', url: 5, enabled: 'no' }, 'type', 'SSE');
  });
});

describe('stage 2: mutual exclusion, both ways', () => {
  it.each(['url', 'headers'])('refuses %s in a stdio entry', (key) => {
    expectProblem({ command: 'x', [key]: {} }, key, 'not allowed in a stdio entry');
    expectProblem({ type: 'stdio', command: 'x', [key]: {} }, key, 'not allowed in a stdio entry');
  });

  it.each(['command', 'args', 'env'])('refuses %s in an http entry', (key) => {
    expectProblem({ type: 'http', url: 'https://e.com', [key]: 'x' }, key, 'not allowed in an http entry');
  });

  it('counts a key that is present with null', () => {
    expectProblem({ command: 'x', url: null }, 'url', 'not allowed in a stdio entry');
  });

  it('reports the exclusion before a missing url (http with command, no url)', () => {
    expectProblem({ type: 'http', command: 'npx' }, 'command', 'not allowed in an http entry');
  });

  it('reports the url exclusion before a bad args (stdio with url and bad args)', () => {
    expectProblem({ command: 'npx', args: 'x', url: 'https://e.com' }, 'url', 'not allowed in a stdio entry');
  });

  it('reports the exclusion before a missing command (stdio with headers only)', () => {
    expectProblem({ headers: { A: 'b' } }, 'headers', 'not allowed in a stdio entry');
  });
});

describe('stage 3: required fields', () => {
  it('needs command in a stdio entry', () => {
    expectProblem({}, 'command', 'is required for a stdio entry');
    expectProblem({ type: 'stdio', args: 5 }, 'command', 'is required');
  });

  it('needs url in an http entry, before the format of other fields', () => {
    expectProblem({ type: 'http', headers: 5, enabled: 'x' }, 'url', 'is required for an http entry');
  });
});

describe('stage 4: value format', () => {
  it.each([
    [{ command: 5 }, 'command', 'must be a string, not a number'],
    [{ command: '' }, 'command', 'must not be empty'],
    [{ command: '  ' }, 'command', 'must not be empty'],
    [{ command: 'np\0x' }, 'command', 'NUL'],
    [{ command: 'x', args: 'a b' }, 'args', 'must be an array of strings, not a string'],
    [{ command: 'x', args: ['a', 2] }, 'args', 'item 2 must be a string, not a number'],
    [{ command: 'x', args: ['a', 'b\0'] }, 'args', 'item 2 must not contain a NUL'],
    [{ command: 'x', env: ['A=b'] }, 'env', 'must be an object of strings, not an array'],
    [{ command: 'x', env: { PORT: 3000 } }, 'env', 'variable "PORT" must be a string, not a number'],
    [{ command: 'x', env: { '': 'v' } }, 'env', 'empty variable name'],
    [{ command: 'x', env: { 'A=B': 'v' } }, 'env', 'variable "A=B" has "=" or NUL in its name'],
    [{ command: 'x', enabled: 'false' }, 'enabled', 'must be true or false, not a string'],
    [{ command: 'x', enabled: 0 }, 'enabled', 'must be true or false, not a number'],
    [{ type: 'http', url: 42 }, 'url', 'must be a string, not a number'],
    [{ type: 'http', url: 'example.com/mcp' }, 'url', 'is not a valid absolute URL'],
    [{ type: 'http', url: 'https://e.com', headers: 'Bearer' }, 'headers', 'must be an object of strings'],
    [
      { type: 'http', url: 'https://e.com', headers: { 'X Key': 'v' } },
      'headers',
      '"X Key" is not a valid header name',
    ],
    [
      { type: 'http', url: 'https://e.com', headers: { 'Authorization:': 'v' } },
      'headers',
      'not a valid header name',
    ],
    [{ type: 'http', url: 'https://e.com', headers: { ヘッダ: 'v' } }, 'headers', 'not a valid header name'],
    [{ type: 'http', url: 'https://e.com', headers: { '': 'v' } }, 'headers', 'not a valid header name'],
    [
      { type: 'http', url: 'https://e.com', headers: { 'X-N': 1 } },
      'headers',
      'header "X-N" must be a string',
    ],
    [
      { type: 'http', url: 'https://e.com', headers: { A: '1', a: '2' } },
      'headers',
      'header "a" is given twice',
    ],
    [{ type: 'http', url: 'https://e.com', enabled: null }, 'enabled', 'must be true or false, not null'],
  ])('refuses %j in %s', (value, field, message) => {
    expectProblem(value, field, message);
  });

  it('accepts the header names tokens allow', () => {
    const headers = { "X-Api_Key.v2!#$%&'*+^`|~": 'v', authorization: 'Bearer t' };
    expect(validateMcpEntry('s', { type: 'http', url: 'https://e.com', headers }).entry).toBeDefined();
  });

  it('checks the format of a disabled entry too', () => {
    expectProblem({ command: 'x', args: [1], enabled: false }, 'args', 'item 1 must be a string');
    expectProblem({ type: 'http', url: 'http://10.0.0.1', enabled: false }, 'url', 'loopback');
  });

  it('reports the first bad field in the order command, args, env, enabled', () => {
    expectProblem({ command: 'x', args: [1], env: 5, enabled: 'y' }, 'args', 'item 1');
    expectProblem({ command: 'x', env: 5, enabled: 'y' }, 'env', 'must be an object');
  });

  it('reports a bad header before a refused URL scheme (stage 4 before stage 5)', () => {
    expectProblem(
      { type: 'http', url: 'http://10.0.0.1', headers: { 'Bad Name': 'v' } },
      'headers',
      'header name',
    );
  });
});

describe('stage 5: URL scheme', () => {
  it.each([
    ['http://10.0.0.1/mcp', 'http is only allowed to localhost or a loopback IP'],
    ['http://host.docker.internal:3000/mcp', 'loopback'],
    ['ftp://example.com/', 'scheme "ftp:" is not allowed'],
    ['https://user:pw@example.com/', 'user name or password'],
  ])('refuses %s in field url', (url, message) => {
    expectProblem({ type: 'http', url }, 'url', message);
  });

  it('allows https and loopback http', () => {
    for (const url of [
      'https://e.com/mcp',
      'http://localhost:3000/mcp',
      'http://127.0.0.2/',
      'http://[::1]:3000/',
    ]) {
      expect(validateMcpEntry('s', { type: 'http', url }).entry).toBeDefined();
    }
  });
});

describe('secrets never reach a message', () => {
  const SECRET = 'sk-live-CANARY-9f8e7d6c5b4a';
  const broken: [string, unknown][] = [
    [
      'header value with a line break',
      { type: 'http', url: 'https://e.com', headers: { Authorization: `Bearer ${SECRET}\r\nX: y` } },
    ],
    ['header value with NUL', { type: 'http', url: 'https://e.com', headers: { 'X-Key': `${SECRET}\0` } }],
    [
      'header value with a non-Latin-1 character',
      { type: 'http', url: 'https://e.com', headers: { 'X-Key': `${SECRET}鍵` } },
    ],
    [
      'duplicated header',
      { type: 'http', url: 'https://e.com', headers: { 'X-Key': SECRET, 'x-key': SECRET } },
    ],
    [
      'headers next to a refused url',
      { type: 'http', url: 'http://10.0.0.1/', headers: { Authorization: SECRET } },
    ],
    ['headers in a stdio entry', { command: 'x', headers: { Authorization: SECRET } }],
    ['env value with NUL', { command: 'x', env: { API_KEY: `${SECRET}\0` } }],
    ['env in an http entry', { type: 'http', url: 'https://e.com', env: { API_KEY: SECRET } }],
    ['env next to bad args', { command: 'x', args: [1], env: { API_KEY: SECRET } }],
    ['an SSE entry with headers', { type: 'sse', url: 'https://e.com', headers: { Authorization: SECRET } }],
    ['a token in the url query', { type: 'http', url: `http://10.0.0.1/?key=${SECRET}` }],
    ['a token as url password', { type: 'http', url: `https://me:${SECRET}@e.com/` }],
    ['a token in an arg', { command: 'x', args: [`--key=${SECRET}`, 3] }],
  ];
  it.each(broken)('%s', (_what, value) => {
    const problem = problemOf(validateMcpEntry('srv', value));
    expect(JSON.stringify(problem)).not.toContain('CANARY');
  });

  it('names the header, not its value', () => {
    const value = { type: 'http', url: 'https://e.com', headers: { Authorization: `Bearer ${SECRET}\n` } };
    const problem = problemOf(validateMcpEntry('srv', value));
    expect(problem.field).toBe('headers');
    expect(problem.message).toContain('header "Authorization"');
  });
});

describe('fields of other clients', () => {
  it('honours "disabled": true (Cline, Roo, Continue) like "enabled": false', () => {
    expect(validateMcpEntry('s', { command: 'x', disabled: true }).entry).toMatchObject({ enabled: false });
    const http = { type: 'http', url: 'https://e.com/mcp', disabled: true };
    expect(validateMcpEntry('s', http).entry).toMatchObject({ enabled: false });
    // Contradicting flags: the server stays off.
    expect(validateMcpEntry('s', { command: 'x', enabled: true, disabled: true }).entry).toMatchObject({
      enabled: false,
    });
  });

  it('checks "disabled" like "enabled"', () => {
    expectProblem({ command: 'x', disabled: 'yes' }, 'disabled', 'must be true or false, not a string');
  });

  it("refuses VS Code's envFile rather than starting without its variables", () => {
    expectProblem(
      { type: 'stdio', command: 'x', envFile: '${workspaceFolder}/.env' },
      'envFile',
      'not supported',
    );
  });

  it("refuses VS Code's ${input:…} variables, naming the format", () => {
    expectProblem(
      { command: 'x', env: { TOKEN: '${input:api-token}' } },
      'env',
      '"${input:api-token}" is a VS Code input variable',
    );
    expectProblem(
      { type: 'http', url: 'https://e.com', headers: { Authorization: 'Bearer ${input:tok}' } },
      'headers',
      'VS Code input variable',
    );
  });

  it('leaves the check of a URL with a variable in it to the expansion', () => {
    expect(validateMcpEntry('s', { type: 'http', url: 'https://${HOST}/mcp' }).entry).toMatchObject({
      url: 'https://${HOST}/mcp',
    });
    expect(validateMcpEntry('s', { type: 'http', url: '${MCP_URL}' }).entry).toBeDefined();
  });
});
