import { spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import {
  appendWorkspaceFileSync,
  ensureWorkspaceDir,
  openWorkspaceTempSync,
  removeWorkspaceEntry,
  writeWorkspaceFileAtomic,
} from './workspace-write.ts';

let base: string;
let ws: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'fuseforks-wsfs-'));
  ws = join(base, 'ws');
  outside = join(base, 'outside');
  mkdirSync(ws);
  mkdirSync(outside);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const unix = process.platform !== 'win32';

async function rejected(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; detail: string | null };
  }
  throw new Error('expected a rejection');
}

describe('writeWorkspaceFileAtomic', () => {
  it('writes, making missing folders 0700 and the file 0600, and leaves no temp file', async () => {
    const path = join(ws, 'agents', 'a', 'memory.md');
    await writeWorkspaceFileAtomic(ws, path, 'notes');
    expect(readFileSync(path, 'utf8')).toBe('notes');
    expect(readdirSync(join(ws, 'agents', 'a'))).toEqual(['memory.md']);
    if (unix) {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(join(ws, 'agents')).mode & 0o777).toBe(0o700);
    }
  });

  it('refuses a folder on the path that is a symbolic link, naming it, and writes nothing there', async () => {
    mkdirSync(join(ws, 'agents'));
    symlinkSync(outside, join(ws, 'agents', 'a'));
    const error = await rejected(writeWorkspaceFileAtomic(ws, join(ws, 'agents', 'a', 'memory.md'), 'x'));
    expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'agents/a' });
    expect(error.message).toContain('agents/a');
    expect(error.message).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a target that is a symbolic link (even a dangling one) and keeps the link', async () => {
    symlinkSync(join(outside, 'world.json'), join(ws, 'world.json'));
    const error = await rejected(writeWorkspaceFileAtomic(ws, join(ws, 'world.json'), '{}'));
    expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'world.json' });
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(join(ws, 'world.json')).isSymbolicLink()).toBe(true);
    expect(readdirSync(ws)).toEqual(['world.json']);
  });

  it('refuses a hard-linked target and leaves both names as they were', async () => {
    writeFileSync(join(outside, 'notes'), 'theirs');
    linkSync(join(outside, 'notes'), join(ws, 'Ordinance.md'));
    const error = await rejected(writeWorkspaceFileAtomic(ws, join(ws, 'Ordinance.md'), 'ours'));
    expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'Ordinance.md' });
    expect(error.message).toContain('hard links');
    expect(readFileSync(join(outside, 'notes'), 'utf8')).toBe('theirs');
    expect(statSync(join(ws, 'Ordinance.md')).nlink).toBe(2);
  });

  it('refuses a path outside the workspace', async () => {
    const error = await rejected(writeWorkspaceFileAtomic(ws, join(outside, 'x'), 'x'));
    expect(error.code).toBe('CONFIG_IO');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('fails like mkdir (ENOTDIR) where a file stands in for a folder', async () => {
    writeFileSync(join(ws, 'agents'), 'a file');
    const error = await rejected(writeWorkspaceFileAtomic(ws, join(ws, 'agents', 'a', 'x.md'), 'x'));
    expect(error.code).toBe('ENOTDIR');
  });

  it('accepts a workspace root that is itself a link (the person chose it)', async () => {
    const alias = join(base, 'alias');
    symlinkSync(ws, alias);
    await writeWorkspaceFileAtomic(alias, join(alias, 'agents', 'a', 'x.md'), 'via the alias');
    expect(readFileSync(join(ws, 'agents', 'a', 'x.md'), 'utf8')).toBe('via the alias');
  });
});

describe('appendWorkspaceFileSync', () => {
  it('appends, creating the file 0600', () => {
    const path = join(ws, 'fuseforks.log');
    appendWorkspaceFileSync(ws, path, 'one\n');
    appendWorkspaceFileSync(ws, path, 'two\n');
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
    if (unix) expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a symbolic link and a hard link, changing neither target', () => {
    writeFileSync(join(outside, 'a'), '');
    symlinkSync(join(outside, 'a'), join(ws, 'fuseforks.log'));
    const viaSymlink = thrownCoreError(() => appendWorkspaceFileSync(ws, join(ws, 'fuseforks.log'), 'x'));
    expect(viaSymlink).toMatchObject({ code: 'CONFIG_IO', detail: 'fuseforks.log' });
    writeFileSync(join(outside, 'b'), '');
    linkSync(join(outside, 'b'), join(ws, 'other.log'));
    const viaHardLink = thrownCoreError(() => appendWorkspaceFileSync(ws, join(ws, 'other.log'), 'x'));
    expect(viaHardLink).toMatchObject({ code: 'CONFIG_IO', detail: 'other.log' });
    expect(readFileSync(join(outside, 'a'), 'utf8')).toBe('');
    expect(readFileSync(join(outside, 'b'), 'utf8')).toBe('');
  });

  it('does not make a missing folder', () => {
    expect(() => appendWorkspaceFileSync(ws, join(ws, 'gone', 'x.log'), 'x')).toThrow(/ENOENT/);
    expect(existsSync(join(ws, 'gone'))).toBe(false);
  });
});

describe('openWorkspaceTempSync', () => {
  it('names the temp file .{name}.{pid}.{8 hex}.tmp beside the target and removes it on discard', () => {
    const temp = openWorkspaceTempSync(ws, join(ws, 'exports', 's.jsonl'));
    expect(temp.path).toMatch(new RegExp(`/exports/\\.s\\.jsonl\\.${process.pid}\\.[0-9a-f]{8}\\.tmp$`));
    expect(existsSync(temp.path)).toBe(true);
    temp.discard();
    expect(readdirSync(join(ws, 'exports'))).toEqual([]);
  });

  it('refuses to publish over a link planted while the data was written', () => {
    const target = join(ws, 'exports', 's.jsonl');
    const temp = openWorkspaceTempSync(ws, target);
    symlinkSync(join(outside, 'x'), target);
    expect(thrownCoreError(() => temp.commit())).toMatchObject({ code: 'CONFIG_IO' });
    temp.discard();
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('removeWorkspaceEntry', () => {
  it('never removes through a linked folder', () => {
    mkdirSync(join(outside, 'agent_1'));
    writeFileSync(join(outside, 'agent_1', 'keep.txt'), 'keep');
    symlinkSync(outside, join(ws, 'agents'));
    const error = thrownCoreError(() => removeWorkspaceEntry(ws, join(ws, 'agents', 'agent_1'), true));
    expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'agents' });
    expect(readFileSync(join(outside, 'agent_1', 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('removes a link in the final place itself, not what it points to', () => {
    writeFileSync(join(outside, 'icon.webp'), 'theirs');
    mkdirSync(join(ws, 'user'));
    symlinkSync(join(outside, 'icon.webp'), join(ws, 'user', 'icon.webp'));
    removeWorkspaceEntry(ws, join(ws, 'user', 'icon.webp'));
    expect(readdirSync(join(ws, 'user'))).toEqual([]);
    expect(readFileSync(join(outside, 'icon.webp'), 'utf8')).toBe('theirs');
  });
});

describe('ensureWorkspaceDir', () => {
  it('refuses a linked folder instead of making folders through it', () => {
    symlinkSync(outside, join(ws, 'agents'));
    expect(thrownCoreError(() => ensureWorkspaceDir(ws, join(ws, 'agents', 'a')))).toMatchObject({
      code: 'CONFIG_IO',
    });
    expect(readdirSync(outside)).toEqual([]);
  });
});

/**
 * Another process swaps `agents/a` between a real folder and a link to `outside`, as fast as it can,
 * while this one writes through the helper: every write lands in the real folder or is refused.
 * Tried against the code without the descriptor check: 3 of 5 runs left files outside; without
 * the removal of a file created in the wrong place, an empty `log` stayed outside in 3 of 5.
 */
describe.skipIf(!unix)('a folder swapped for a link while writing', () => {
  it('never lets a write or an append land outside', async () => {
    const agents = join(ws, 'agents');
    mkdirSync(join(agents, 'a'), { recursive: true });
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         const [dir, aside, outside] = process.argv.slice(1);
         const restore = () => {
           try { fs.renameSync(aside, dir); }
           catch { try { fs.rmSync(dir, { recursive: true, force: true }); fs.renameSync(aside, dir); } catch {} }
         };
         process.stdout.write('go\\n');
         for (let n = 0; ; n += 1) {
           // The real folder stays a moment (a write can pass), then the link (a write must not).
           for (let spin = (n * 7919) % 20000; spin > 0; spin -= 1);
           try { fs.renameSync(dir, aside); } catch { restore(); continue; }
           try { fs.symlinkSync(outside, dir); fs.unlinkSync(dir); } catch {}
           restore();
         }`,
        join(agents, 'a'),
        join(agents, 'a-real'),
        outside,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve) => swapper.stdout.once('data', () => resolve()));
      let written = 0;
      let refused = 0;
      for (let i = 0; i < 3000; i += 1) {
        try {
          if (i % 2 === 0) appendWorkspaceFileSync(ws, join(agents, 'a', 'log'), 'x\n');
          else await writeWorkspaceFileAtomic(ws, join(agents, 'a', `f${i % 10}`), 'x');
          written += 1;
        } catch {
          refused += 1;
        }
      }
      expect(readdirSync(outside)).toEqual([]);
      expect(written).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    } finally {
      swapper.kill('SIGKILL');
      await new Promise((resolve) => swapper.once('exit', resolve));
    }
  });
});
