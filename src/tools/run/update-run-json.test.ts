import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { updateRunJson } from './update-run-json.ts';

let box: ToolSandbox;
let paths: VillagePaths;
let path: string;

beforeEach(() => {
  box = toolSandbox();
  paths = box.ctx().paths;
  path = paths.configFile('alice', 'run');
  mkdirSync(dirname(path), { recursive: true });
});
afterEach(() => box.cleanup());

describe('updateRunJson', () => {
  it('refuses a run.json hard-linked to a file elsewhere and leaves that file as it was', async () => {
    const outside = join(box.root, 'outside.json');
    writeFileSync(outside, JSON.stringify({ allow: [] }));
    linkSync(outside, path);
    const append = updateRunJson(paths, 'alice', () => ({
      change: { pending: [{ command: 'x', args: [], count: 1, firstRequestedAtMs: 1 }] },
      result: null,
    }));
    await expect(append).rejects.toMatchObject({
      code: 'CONFIG_IO',
      message: expect.stringContaining('run.json'),
    });
    expect(readFileSync(outside, 'utf8')).toBe(JSON.stringify({ allow: [] }));
  });

  it('retries when the file changes underneath, keeps that change and warns once', async () => {
    writeFileSync(path, JSON.stringify({ allow: [] }));
    const log = new MemoryDiagLog();
    let calls = 0;
    const result = await updateRunJson(
      paths,
      'alice',
      (policy) => {
        calls += 1;
        // A hand edit lands between the read and the write, on the first two attempts.
        if (calls <= 2) writeFileSync(path, JSON.stringify({ allow: [`edit ${calls}`] }));
        return {
          change: { pending: [{ command: 'x', args: [], count: 1, firstRequestedAtMs: 1 }] },
          result: policy.allow,
        };
      },
      log,
    );
    expect(calls).toBe(3);
    expect(result).toEqual(['edit 2']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      allow: ['edit 2'],
      pending: [{ command: 'x' }],
    });
    expect(log.lines.filter((l) => l.startsWith('WARN'))).toHaveLength(1);
  });

  it('gives up after three attempts without overwriting the other writer', async () => {
    writeFileSync(path, '{}');
    let calls = 0;
    await expect(
      updateRunJson(paths, 'alice', () => {
        calls += 1;
        writeFileSync(path, JSON.stringify({ allow: [`edit ${calls}`] }));
        return { change: { pending: [] }, result: null };
      }),
    ).rejects.toMatchObject({ code: 'CONFIG_IO', retryable: true });
    expect(calls).toBe(3);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ allow: ['edit 3'] });
  });

  it('writes nothing when the step changes nothing', async () => {
    writeFileSync(path, '{"allow":[]}');
    await updateRunJson(paths, 'alice', () => ({ change: null, result: null }));
    expect(readFileSync(path, 'utf8')).toBe('{"allow":[]}');
  });
});
