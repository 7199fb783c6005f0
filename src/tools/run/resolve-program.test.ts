import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { childEnv, CHILD_ENV_NAMES } from './child-env.ts';
import { parsePathext, type HostInfo } from './host.ts';
import { needsShell, pathDirs, resolveProgram } from './resolve-program.ts';

const POSIX: HostInfo = { platform: 'linux', pathext: [] };
const WINDOWS: HostInfo = { platform: 'win32', pathext: parsePathext('.COM;.EXE;.BAT;.CMD') };

let box: ToolSandbox;
let first: string;
let second: string;

function exe(dir: string, name: string, mode = 0o755): string {
  const file = join(dir, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, mode);
  return file;
}

beforeEach(() => {
  box = toolSandbox();
  first = join(box.root, 'bin1');
  second = join(box.root, 'bin2');
  mkdirSync(first);
  mkdirSync(second);
});
afterEach(() => box.cleanup());

describe('resolveProgram', () => {
  it('takes the first executable file along PATH, every call anew', async () => {
    const later = exe(second, 'tool');
    const path = [first, second].join(':');
    expect(await resolveProgram('tool', path, POSIX)).toBe(later);
    const earlier = exe(first, 'tool');
    expect(await resolveProgram('tool', path, POSIX)).toBe(earlier);
  });

  it('skips files that are not executable, folders, and relative PATH entries', async () => {
    exe(first, 'plain', 0o644);
    mkdirSync(join(first, 'dir'));
    expect(await resolveProgram('plain', first, POSIX)).toBeNull();
    expect(await resolveProgram('dir', first, POSIX)).toBeNull();
    expect(pathDirs(`:relative:${first}:`, POSIX)).toEqual([first]);
    expect(await resolveProgram('missing', first, POSIX)).toBeNull();
    expect(await resolveProgram('tool', undefined, POSIX)).toBeNull();
  });

  it('refuses a command with a path separator before looking anything up', async () => {
    exe(first, 'tool');
    expect(await resolveProgram(`${first}/tool`, first, POSIX)).toBeNull();
    expect(await resolveProgram('./tool', first, POSIX)).toBeNull();
  });

  it('tries the PATHEXT extensions on Windows (the rules, on any host)', async () => {
    const found = exe(second, 'tool.exe');
    expect(await resolveProgram('tool', [first, second].join(';'), WINDOWS)).toBe(found);
    expect(await resolveProgram('tool.exe', second, WINDOWS)).toBe(found);
    expect(await resolveProgram('tool', second, POSIX)).toBeNull();
    expect(pathDirs(`"${first}";;${second}`, WINDOWS)).toEqual([first, second]);
    expect(needsShell('C:\\x\\npm.cmd', WINDOWS)).toBe(true);
    expect(needsShell('C:\\x\\npm.exe', WINDOWS)).toBe(false);
    expect(needsShell('/x/npm.cmd', POSIX)).toBe(false);
  });
});

describe('childEnv', () => {
  it('copies only the listed names, by name', () => {
    const env = childEnv({
      PATH: '/bin',
      HOME: '/h',
      LANG: 'C',
      SECRET_TOKEN: 'x',
      AWS_PROFILE: 'p',
      path: '/other',
    });
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', LANG: 'C' });
    expect(CHILD_ENV_NAMES).toEqual([
      'PATH',
      'SYSTEMROOT',
      'TEMP',
      'TMP',
      'HOME',
      'USERPROFILE',
      'LANG',
      'PROGRAMDATA',
    ]);
  });
});
