import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { descriptorPaths, FolderMovedError, PinnedFolder } from './pinned-folder.ts';

let base: string;
let victim: string;
let folder: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'fuseforks-pin-')));
  victim = join(base, 'victim');
  folder = join(base, 'ws', 'agents', 'a');
  for (const dir of [victim, join(folder, 'sub')]) mkdirSync(dir, { recursive: true });
  for (const name of ['f0', 'f1']) {
    writeFileSync(join(victim, name), 'precious');
    writeFileSync(join(folder, name), 'x');
  }
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** What a racer does between a check and the step after it: the folder goes aside, a link takes its place. */
function swapForLink(): string {
  const aside = join(base, 'ws', 'agents', '.aside');
  renameSync(folder, aside);
  symlinkSync(victim, folder);
  return aside;
}

describe.runIf(descriptorPaths.enabled)('a pinned folder (descriptor paths)', () => {
  it('keeps acting on the folder it opened after that folder was swapped for a link', () => {
    const pinned = PinnedFolder.open(join(base, 'ws')).child('agents').child('a');
    try {
      const aside = swapForLink();
      expect(pinned.list().sort()).toEqual(['f0', 'f1', 'sub']);
      pinned.unlink('f0');
      pinned.rmdir('sub');
      expect(readdirSync(aside).sort()).toEqual(['f1']);
      expect(readdirSync(victim).sort()).toEqual(['f0', 'f1']);
      expect(pinned.currentPath()).toBe(aside);
    } finally {
      pinned.close();
    }
  });

  it('never opens a link as a folder (ELOOP), and refuses a root that is not its real path', () => {
    symlinkSync(victim, join(base, 'ws', 'agents', 'link'));
    const agents = PinnedFolder.open(join(base, 'ws')).child('agents');
    try {
      expect(() => agents.child('link')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    } finally {
      agents.close();
    }
    symlinkSync(join(base, 'ws'), join(base, 'alias'));
    expect(() => PinnedFolder.open(join(base, 'alias'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => PinnedFolder.open(join(base, 'alias', 'agents'))).toThrow(FolderMovedError);
  });
});

describe('a pinned folder (dev/ino fallback)', () => {
  const saved = descriptorPaths.enabled;
  beforeAll(() => {
    descriptorPaths.enabled = false;
  });
  afterAll(() => {
    descriptorPaths.enabled = saved;
  });

  it.skipIf(process.platform === 'win32')('refuses every step once its folder was swapped for a link', () => {
    const pinned = PinnedFolder.open(join(base, 'ws')).child('agents').child('a');
    try {
      swapForLink();
      expect(() => pinned.unlink('f0')).toThrow(FolderMovedError);
      expect(() => pinned.list()).toThrow(FolderMovedError);
      expect(() => pinned.child('sub')).toThrow(FolderMovedError);
      expect(readdirSync(victim).sort()).toEqual(['f0', 'f1']);
    } finally {
      pinned.close();
    }
    expect(existsSync(join(victim, 'f0'))).toBe(true);
  });
});
