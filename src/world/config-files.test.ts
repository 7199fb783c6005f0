import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import { CONFIG_FILE_NAMES, type ConfigFileKind } from '../domain/enums.ts';
import { readConfigFile, validateMcpJson, writeConfigFile } from './config-files.ts';
import { VillagePaths } from './paths.ts';
import { parseRunJson } from './run-json.ts';

let root: string;
let paths: VillagePaths;
const AGENT = 'agent_1';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fuseforks-config-files-'));
  paths = new VillagePaths(join(root, 'workspace'), join(root, 'home'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a rejection with a CoreError');
}

async function onDisk(kind: ConfigFileKind): Promise<Buffer> {
  return readFile(paths.configFile(AGENT, kind));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

describe('markdown files', () => {
  it.each(['skill', 'memory', 'construct'] as const)('writes and reads %s', async (kind) => {
    const content = `# ${kind}\n\n日本語も 😀 ok\n`;
    await writeConfigFile(paths, AGENT, kind, content);
    expect(await readConfigFile(paths, AGENT, kind)).toBe(content);
    const path = join(paths.agentsDir, AGENT, CONFIG_FILE_NAMES[kind]);
    expect(await readFile(path, 'utf8')).toBe(content);
  });

  it('reads a missing file as empty text', async () => {
    expect(await readConfigFile(paths, AGENT, 'memory')).toBe('');
    expect(await readConfigFile(paths, AGENT, 'mcp')).toBe('');
  });

  it('overwrites the previous content and leaves no temp files behind', async () => {
    await writeConfigFile(paths, AGENT, 'skill', 'first');
    await writeConfigFile(paths, AGENT, 'skill', 'second');
    expect(await readConfigFile(paths, AGENT, 'skill')).toBe('second');
    expect(await readdir(paths.agentDir(AGENT))).toEqual(['SKILL.md']);
  });

  it('writes empty markdown content as an empty file', async () => {
    await writeConfigFile(paths, AGENT, 'memory', 'notes');
    await writeConfigFile(paths, AGENT, 'memory', '');
    expect(await exists(paths.configFile(AGENT, 'memory'))).toBe(true);
    expect(await readConfigFile(paths, AGENT, 'memory')).toBe('');
  });
});

describe('mcp.json', () => {
  const valid = `${JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['server'] } } }, null, 2)}\n`;

  it('writes and reads valid content unchanged', async () => {
    await writeConfigFile(paths, AGENT, 'mcp', valid);
    expect(await readConfigFile(paths, AGENT, 'mcp')).toBe(valid);
  });

  it('accepts an object without mcpServers', async () => {
    await writeConfigFile(paths, AGENT, 'mcp', '{}');
    expect(await readConfigFile(paths, AGENT, 'mcp')).toBe('{}');
  });

  const invalid: [string, string][] = [
    ['bad JSON', '{"mcpServers": '],
    ['a top-level array', '[{"mcpServers": {}}]'],
    ['a top-level number', '42'],
    ['mcpServers as an array', '{"mcpServers": []}'],
    ['mcpServers as a string', '{"mcpServers": "x"}'],
    ['mcpServers as null', '{"mcpServers": null}'],
    ['a server entry that is not an object', '{"mcpServers": {"a": 1}}'],
  ];
  it.each(invalid)(
    'refuses %s with SERDE_FAILED and leaves the file byte-identical',
    async (_what, content) => {
      await writeConfigFile(paths, AGENT, 'mcp', valid);
      const before = await onDisk('mcp');
      const error = await rejection(writeConfigFile(paths, AGENT, 'mcp', content));
      expect(error.code).toBe('SERDE_FAILED');
      expect((await onDisk('mcp')).equals(before)).toBe(true);
      expect(await readdir(paths.agentDir(AGENT))).toEqual(['mcp.json']);
    },
  );

  it('refuses bad JSON without creating a file when there was none', async () => {
    const error = await rejection(writeConfigFile(paths, AGENT, 'mcp', '{'));
    expect(error.code).toBe('SERDE_FAILED');
    expect(await exists(paths.configFile(AGENT, 'mcp'))).toBe(false);
  });

  it('does not quote the content in the SERDE_FAILED error', async () => {
    const content = '{"mcpServers": {"a": {"headers": {"Authorization": "Bearer CANARY123"}}';
    const error = await rejection(writeConfigFile(paths, AGENT, 'mcp', content));
    expect(error.code).toBe('SERDE_FAILED');
    expect(error.message).not.toContain('CANARY123');
    expect(error.detail ?? '').not.toContain('CANARY123');
    expect(JSON.stringify(error.toPayload())).not.toContain('CANARY123');
  });

  it('does not quote a token in the middle of bad JSON', async () => {
    const content = '{"mcpServers": {"a": {"headers": {"Authorization": "Bearer CANARY456" oops}}}}';
    const error = await rejection(writeConfigFile(paths, AGENT, 'mcp', content));
    expect(error.message).not.toContain('CANARY456');
    expect(error.message).toMatch(/line 1/);
  });

  it.each(['', '   \n'])('removes the file for empty content %j', async (content) => {
    await writeConfigFile(paths, AGENT, 'mcp', valid);
    await writeConfigFile(paths, AGENT, 'mcp', content);
    expect(await exists(paths.configFile(AGENT, 'mcp'))).toBe(false);
    expect(await readConfigFile(paths, AGENT, 'mcp')).toBe('');
  });

  it('accepts empty content when there is no file', async () => {
    await expect(writeConfigFile(paths, AGENT, 'mcp', '')).resolves.toBeUndefined();
  });

  it('validateMcpJson accepts the stdio and http forms', () => {
    const content = JSON.stringify({
      mcpServers: {
        files: { command: 'npx', args: ['-y', 'server'], env: { ROOT: '/tmp' }, timeout: 30 },
        remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } },
        local: { type: 'http', url: 'http://localhost:3000/mcp', enabled: false },
      },
    });
    expect(() => validateMcpJson(content)).not.toThrow();
  });

  it('validateMcpJson names the server and the field of the first problem', () => {
    expect(() => validateMcpJson('{"mcpServers": {"a": {}}}')).toThrow(
      'mcp.json was not saved: server "a": field "command": is required for a stdio entry',
    );
    expect(() => validateMcpJson('{"mcpServers": []}')).toThrow(
      'mcp.json was not saved: "mcpServers" must be an object of server entries, not an array',
    );
  });

  it('validateMcpJson lists every bad entry, the first problem of each, and skips the good ones', () => {
    const content = JSON.stringify({
      mcpServers: {
        old: { type: 'sse', url: 'https://example.com/sse' },
        good: { command: 'x' },
        lan: { type: 'http', url: 'http://10.0.0.1/mcp', enabled: false },
        both: { command: 'x', url: 'https://example.com', args: 5 },
      },
    });
    let message = '';
    try {
      validateMcpJson(content);
    } catch (error) {
      expect((error as CoreError).code).toBe('SERDE_FAILED');
      message = (error as CoreError).message;
    }
    expect(message.split('; ')).toEqual([
      expect.stringMatching(/^mcp\.json was not saved: server "old": field "type": the old SSE transport/),
      expect.stringMatching(/^server "lan": field "url": http is only allowed to localhost/),
      expect.stringMatching(/^server "both": field "url": is not allowed in a stdio entry/),
    ]);
  });

  const badEntries: [string, unknown][] = [
    ['an SSE entry', { type: 'sse', url: 'https://example.com/sse' }],
    ['http to a private address', { type: 'http', url: 'http://192.168.1.2/mcp' }],
    ['a url in a stdio entry', { command: 'npx', url: 'https://example.com' }],
    ['a url without type', { url: 'https://example.com/mcp' }],
    ['args that are not strings', { command: 'npx', args: [1] }],
    ['a disabled entry without command', { enabled: false }],
  ];
  it.each(badEntries)('refuses %s and leaves the file byte-identical', async (_what, entry) => {
    await writeConfigFile(paths, AGENT, 'mcp', valid);
    const before = await onDisk('mcp');
    const error = await rejection(
      writeConfigFile(paths, AGENT, 'mcp', JSON.stringify({ mcpServers: { bad: entry } })),
    );
    expect(error.code).toBe('SERDE_FAILED');
    expect(error.message).toContain('server "bad": field ');
    expect((await onDisk('mcp')).equals(before)).toBe(true);
  });

  it('does not quote a header or env value of a refused entry', async () => {
    const content = JSON.stringify({
      mcpServers: {
        web: { type: 'http', url: 'https://example.com', headers: { Authorization: 'Bearer CANARY789\n' } },
        cmd: { command: 'x', env: { TOKEN: 'CANARY790\u0000' } },
      },
    });
    const error = await rejection(writeConfigFile(paths, AGENT, 'mcp', content));
    expect(error.message).toContain('header "Authorization"');
    expect(error.message).toContain('variable "TOKEN"');
    expect(JSON.stringify(error.toPayload())).not.toContain('CANARY');
  });
});

describe('run.json', () => {
  const runPath = () => paths.configFile(AGENT, 'run');
  const readRun = async () => JSON.parse(await readFile(runPath(), 'utf8')) as Record<string, unknown>;

  it('writes valid content', async () => {
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: ['ls'], deny: [], timeoutSecs: 30 }));
    expect(await readRun()).toEqual({ allow: ['ls'], deny: [], timeoutSecs: 30, pending: [] });
  });

  it('keeps the pending list on disk and takes allow, deny and timeoutSecs from the new content', async () => {
    const pending = [
      { command: 'git', args: ['push'], count: 2, firstRequestedAtMs: 1 },
      { command: 'make', args: [], count: 1, firstRequestedAtMs: 5 },
    ];
    await mkdir(paths.agentDir(AGENT), { recursive: true });
    await writeFile(
      runPath(),
      JSON.stringify({ allow: ['old'], deny: ['older'], timeoutSecs: 10, pending }),
      'utf8',
    );
    await writeConfigFile(
      paths,
      AGENT,
      'run',
      JSON.stringify({
        allow: ['git status'],
        deny: ['rm'],
        timeoutSecs: 60,
        pending: [{ command: 'forged', args: [], count: 1, firstRequestedAtMs: 9 }],
      }),
    );
    expect(await readRun()).toEqual({ allow: ['git status'], deny: ['rm'], timeoutSecs: 60, pending });
  });

  it('takes the pending list from the content when there is no file', async () => {
    const entry = { command: 'x', args: ['-v'], count: 1, firstRequestedAtMs: 3 };
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: [], pending: [entry] }));
    expect((await readRun()).pending).toEqual([entry]);
  });

  it('drops pending entries on disk the run tool could not read, so a save repairs the file', async () => {
    const good = { command: 'make', args: [], count: 1, firstRequestedAtMs: 5 };
    await mkdir(paths.agentDir(AGENT), { recursive: true });
    await writeFile(
      runPath(),
      JSON.stringify({ allow: [], pending: [{ command: 'x', count: 0 }, good] }),
      'utf8',
    );
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: ['make'] }));
    expect(await readRun()).toEqual({ allow: ['make'], pending: [good] });
    expect(parseRunJson(await readFile(runPath(), 'utf8')).ok).toBe(true);
  });

  it('refuses a pending entry the run tool could not read, like any other bad shape', async () => {
    const error = await writeConfigFile(
      paths,
      AGENT,
      'run',
      JSON.stringify({ pending: [{ command: 'x' }] }),
    ).catch((e: unknown) => e as CoreError);
    expect((error as CoreError).code).toBe('SERDE_FAILED');
    expect((error as CoreError).message).toContain('pending entry 1');
  });

  it('replaces an unreadable file on disk with the valid content', async () => {
    await mkdir(paths.agentDir(AGENT), { recursive: true });
    await writeFile(runPath(), '{not json', 'utf8');
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: ['ls'] }));
    expect(await readRun()).toEqual({ allow: ['ls'], pending: [] });
  });

  const invalid: [string, unknown][] = [
    ['timeoutSecs 0', { timeoutSecs: 0 }],
    ['timeoutSecs 3601', { timeoutSecs: 3601 }],
    ['timeoutSecs "x"', { timeoutSecs: 'x' }],
    ['timeoutSecs 1.5', { timeoutSecs: 1.5 }],
    ['allow not an array', { allow: 'ls' }],
    ['allow with a number', { allow: ['ls', 3] }],
    ['deny with an object', { deny: [{}] }],
    ['pending not an array', { pending: {} }],
    ['a top-level array', ['ls']],
  ];
  it.each(invalid)(
    'refuses %s with SERDE_FAILED and leaves the file byte-identical',
    async (_what, value) => {
      await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: ['ls'], timeoutSecs: 30 }));
      const before = await onDisk('run');
      const error = await rejection(writeConfigFile(paths, AGENT, 'run', JSON.stringify(value)));
      expect(error.code).toBe('SERDE_FAILED');
      expect((await onDisk('run')).equals(before)).toBe(true);
    },
  );

  it('accepts timeoutSecs 1 and 3600', async () => {
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ timeoutSecs: 1 }));
    expect((await readRun()).timeoutSecs).toBe(1);
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ timeoutSecs: 3600 }));
    expect((await readRun()).timeoutSecs).toBe(3600);
  });

  it('removes the file for empty content', async () => {
    await writeConfigFile(paths, AGENT, 'run', JSON.stringify({ allow: [] }));
    await writeConfigFile(paths, AGENT, 'run', '');
    expect(await exists(runPath())).toBe(false);
  });
});

describe('file modes', () => {
  it.each([
    ['skill', '# skill'],
    ['memory', 'm'],
    ['construct', 'c'],
    ['mcp', '{"mcpServers": {}}'],
    ['run', '{"allow": []}'],
  ] as [ConfigFileKind, string][])('writes %s with mode 0o600', async (kind, content) => {
    await writeConfigFile(paths, AGENT, kind, content);
    const info = await stat(paths.configFile(AGENT, kind));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('keeps mode 0o600 when replacing a more open file', async () => {
    await mkdir(paths.agentDir(AGENT), { recursive: true });
    await writeFile(paths.configFile(AGENT, 'skill'), 'old', { mode: 0o644 });
    await writeConfigFile(paths, AGENT, 'skill', 'new');
    expect((await stat(paths.configFile(AGENT, 'skill'))).mode & 0o777).toBe(0o600);
  });
});

describe('unsafe agent ids', () => {
  it.each(['../x', 'a.b', 'a/b', '', 'x'.repeat(65)])(
    'paths.configFile refuses %j with UNSAFE_IDENTIFIER',
    (id) => {
      expect(() => paths.configFile(id, 'skill')).toThrow(
        expect.objectContaining({ code: 'UNSAFE_IDENTIFIER' }),
      );
    },
  );

  it('writeConfigFile refuses "../x" and writes nothing', async () => {
    const error = await rejection(writeConfigFile(paths, '../x', 'skill', 'escape'));
    expect(error.code).toBe('UNSAFE_IDENTIFIER');
    expect(await exists(join(paths.workspace, 'x'))).toBe(false);
    expect(await exists(paths.workspace)).toBe(false);
  });

  it('readConfigFile refuses "../x"', async () => {
    expect((await rejection(readConfigFile(paths, '../x', 'memory'))).code).toBe('UNSAFE_IDENTIFIER');
  });
});

describe('run.json patterns that could never match', () => {
  let root: string;
  let paths: VillagePaths;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fuseforks-runpat-'));
    paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
    await mkdir(paths.agentDir('agent_1'), { recursive: true });
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it.each([
    ['*', 'starts with `*`'],
    ['rm * -rf', '`*` may only be the last token'],
    ['./python *', 'with a path'],
    ['  ', 'is empty'],
  ])('refuses %j on save, naming the list and the pattern', async (pattern, why) => {
    const error = (await writeConfigFile(
      paths,
      'agent_1',
      'run',
      JSON.stringify({ deny: ['ls', pattern] }),
    ).catch((e: unknown) => e)) as CoreError;
    expect(error.code).toBe('SERDE_FAILED');
    expect(error.message).toContain('"deny" pattern 2');
    expect(error.message).toContain(why);
  });

  it('accepts the two forms, with * inside a token as an ordinary character', async () => {
    await writeConfigFile(paths, 'agent_1', 'run', JSON.stringify({ allow: ['ruff', 'ruff *', 'ls *.py'] }));
    expect(parseRunJson(await readFile(paths.configFile('agent_1', 'run'), 'utf8')).ok).toBe(true);
  });
});
