import { describe, expect, it } from 'vitest';
import { downloadFileName } from './file-name.ts';

describe('downloadFileName', () => {
  it('keeps a readable title, replacing what no file system takes, with the session id', () => {
    expect(downloadFileName('Plan: a/b\\c?', '1-ab', 'md')).toEqual({
      ascii: 'Plan_ a_b_c_-1-ab.md',
      utf8: encodeURIComponent('Plan_ a_b_c_-1-ab.md'),
    });
  });

  it('never starts with a dot, never carries controls or bidi overrides, and stays short', () => {
    expect(downloadFileName('..\u202e.hidden\nname', '1-ab', 'jsonl').ascii).toBe('_.hidden_name-1-ab.jsonl');
    const long = downloadFileName('あ'.repeat(200), '1-ab', 'md');
    expect(decodeURIComponent(long.utf8)).toBe(`${'あ'.repeat(60)}-1-ab.md`);
    expect(long.ascii).toBe(`${'_'.repeat(60)}-1-ab.md`);
  });

  it('falls back to the id for an untitled conversation, and percent-encodes quotes for filename*', () => {
    expect(downloadFileName('   ', '1-ab', 'md').ascii).toBe('conversation-1-ab.md');
    const quoted = downloadFileName(`it's (a) "test"`, '1-ab', 'md');
    expect(quoted.utf8).not.toMatch(/['()"]/);
    expect(quoted.ascii).toBe(`it's (a) _test_-1-ab.md`);
  });
});
