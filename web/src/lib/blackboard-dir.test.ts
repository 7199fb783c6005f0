import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvedDir } from './blackboard-dir.ts';

describe('resolvedDir', () => {
  it('gives what the core’s path.resolve gives for POSIX work folders', () => {
    for (const dir of ['/work/a', '/work/a/', '/work//a/./b/..', '/', '/..', '//work', '/作業/フォルダ/']) {
      expect(resolvedDir(dir), dir).toBe(posix.resolve(dir));
    }
  });

  it('gives what path.resolve gives on Windows for drive and UNC folders', () => {
    for (const dir of [
      'C:\\work\\a\\',
      'C:/work/a/',
      'c:\\a\\..\\b',
      'C:\\',
      '\\\\srv\\share',
      '\\\\srv\\share\\x\\',
      '\\\\srv\\share\\..\\x',
    ]) {
      expect(resolvedDir(dir), dir).toBe(win32.resolve(dir));
    }
  });
});
