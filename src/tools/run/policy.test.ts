import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import {
  defaultPolicy,
  loadPolicyForMatching,
  parseRunJson,
  readPolicyForWriteBack,
  serializeRunJson,
} from './policy.ts';

let box: ToolSandbox;
let runJson: string;

beforeEach(() => {
  box = toolSandbox();
  runJson = box.ctx().paths.configFile('alice', 'run');
  mkdirSync(dirname(runJson), { recursive: true });
});
afterEach(() => box.cleanup());

describe('parseRunJson', () => {
  it('reads every field and defaults the missing ones', () => {
    const parsed = parseRunJson(
      JSON.stringify({
        version: 1,
        allow: ['git *'],
        deny: ['rm *'],
        pending: [{ command: 'ruff', args: ['check'], count: 2, firstRequestedAtMs: 5 }],
        timeoutSecs: 120,
      }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      policy: {
        allow: ['git *'],
        deny: ['rm *'],
        pending: [{ command: 'ruff', args: ['check'], count: 2, firstRequestedAtMs: 5 }],
        timeoutSecs: 120,
      },
    });
    expect(parseRunJson('{}')).toMatchObject({ ok: true, policy: defaultPolicy() });
  });

  it.each([
    ['not json', '{ "allow": ['],
    ['top level array', '[]'],
    ['allow not strings', '{ "allow": [1] }'],
    ['deny not an array', '{ "deny": "rm *" }'],
    ['pending not an array', '{ "pending": {} }'],
    [
      'pending entry without args',
      '{ "pending": [{ "command": "x", "count": 1, "firstRequestedAtMs": 1 }] }',
    ],
    [
      'pending count zero',
      '{ "pending": [{ "command": "x", "args": [], "count": 0, "firstRequestedAtMs": 1 }] }',
    ],
    ['timeout too long', '{ "timeoutSecs": 3601 }'],
    ['timeout zero', '{ "timeoutSecs": 0 }'],
    ['timeout fraction', '{ "timeoutSecs": 1.5 }'],
  ])('is broken: %s', (_name, text) => {
    expect(parseRunJson(text).ok).toBe(false);
  });

  it('accepts the timeout bounds 1 and 3600', () => {
    expect(parseRunJson('{ "timeoutSecs": 1 }')).toMatchObject({ ok: true, policy: { timeoutSecs: 1 } });
    expect(parseRunJson('{ "timeoutSecs": 3600 }')).toMatchObject({
      ok: true,
      policy: { timeoutSecs: 3600 },
    });
  });

  it('never quotes the content in a problem', () => {
    const parsed = parseRunJson('{ "allow": ["secret-token-123" ');
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain('secret-token-123');
  });
});

describe('loadPolicyForMatching', () => {
  it('gives the defaults (everything pending) when run.json is missing', async () => {
    expect(await loadPolicyForMatching(box.ctx().paths, 'alice')).toEqual({
      policy: defaultPolicy(),
      source: 'missing',
      problem: null,
    });
  });

  it('gives the defaults when run.json is broken, and leaves it alone', async () => {
    const text = '{ "allow": ["git *"], "deny": ["rm *"], ';
    writeFileSync(runJson, text);
    const loaded = await loadPolicyForMatching(box.ctx().paths, 'alice');
    expect(loaded.source).toBe('broken');
    expect(loaded.policy).toEqual(defaultPolicy());
    expect(readFileSync(runJson, 'utf8')).toBe(text);
  });

  it('refuses a run.json that is a symbolic link (defaults)', async () => {
    const elsewhere = join(box.outside, 'run.json');
    writeFileSync(elsewhere, '{ "allow": ["git *"] }');
    symlinkSync(elsewhere, runJson);
    const loaded = await loadPolicyForMatching(box.ctx().paths, 'alice');
    expect(loaded.source).toBe('broken');
    expect(loaded.policy.allow).toEqual([]);
  });

  it('reads a good file', async () => {
    writeFileSync(runJson, '{ "allow": ["git *"], "timeoutSecs": 5 }');
    const loaded = await loadPolicyForMatching(box.ctx().paths, 'alice');
    expect(loaded).toMatchObject({ source: 'file', policy: { allow: ['git *'], timeoutSecs: 5 } });
  });
});

describe('readPolicyForWriteBack', () => {
  it('is an empty policy when missing', async () => {
    expect(await readPolicyForWriteBack(box.ctx().paths, 'alice')).toMatchObject({
      text: null,
      raw: null,
      policy: defaultPolicy(),
    });
  });

  it('throws SERDE_FAILED on a broken file and does not touch it', async () => {
    const text = '{ "allow": ["git *"], "deny": "rm *" }';
    writeFileSync(runJson, text);
    await expect(readPolicyForWriteBack(box.ctx().paths, 'alice')).rejects.toMatchObject({
      code: 'SERDE_FAILED',
    });
    expect(readFileSync(runJson, 'utf8')).toBe(text);
  });
});

describe('serializeRunJson', () => {
  it('replaces only the changed lists and keeps unknown fields and their order', () => {
    const raw = { note: 'mine', allow: ['git *'], timeoutSecs: 9, extra: { a: 1 } };
    const text = serializeRunJson(raw, {
      pending: [{ command: 'ruff', args: [], count: 1, firstRequestedAtMs: 3 }],
    });
    expect(JSON.parse(text)).toEqual({
      note: 'mine',
      allow: ['git *'],
      timeoutSecs: 9,
      extra: { a: 1 },
      pending: [{ command: 'ruff', args: [], count: 1, firstRequestedAtMs: 3 }],
    });
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'note',
      'allow',
      'timeoutSecs',
      'extra',
      'pending',
    ]);
  });

  it('starts a new file from a visible empty shell', () => {
    expect(JSON.parse(serializeRunJson(null, { pending: [] }))).toEqual({
      version: 1,
      allow: [],
      deny: [],
      pending: [],
      timeoutSecs: 60,
    });
  });
});
