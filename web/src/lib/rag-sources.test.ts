import { describe, expect, it } from 'vitest';
import {
  addRagSource,
  checkablePaths,
  MAX_RAG_SOURCE_CHARS,
  MAX_RAG_SOURCES,
  normaliseRagSource,
  ragOffered,
  ragSourceAdvice,
  ragSourceStatus,
  removeRagSource,
  sameSources,
} from './rag-sources.ts';
import type { RagSourceProblem } from './types.ts';

describe('normaliseRagSource', () => {
  it.each([
    ['  /home/me/docs  ', '/home/me/docs'],
    ['/home/me/docs/', '/home/me/docs'],
    ['/home/me/docs///', '/home/me/docs'],
    ['/', '/'],
    ['///', '/'],
    ['C:\\Docs\\', 'C:\\Docs'],
    ['C:/Docs/', 'C:/Docs'],
    ['C:\\', 'C:\\'],
    ['C:\\\\', 'C:\\'],
    ['C:/', 'C:/'],
    ['\\\\server\\share\\', '\\\\server\\share'],
    ['docs/', 'docs'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (typed, stored) => {
    expect(normaliseRagSource(typed)).toBe(stored);
  });
});

describe('addRagSource', () => {
  it('adds the normalised path at the end', () => {
    expect(addRagSource(['/a'], ' /b/ ')).toEqual({ sources: ['/a', '/b'], added: '/b' });
  });
  it('adds a relative path (kept and marked, as the core keeps an invalid root)', () => {
    expect(addRagSource([], 'docs')).toEqual({ sources: ['docs'], added: 'docs' });
  });
  it('refuses an empty entry', () => {
    expect(addRagSource([], '  ')).toEqual({ refused: 'empty' });
  });
  it('refuses a duplicate, compared after normalising on both sides', () => {
    expect(addRagSource(['/a'], '/a')).toEqual({ refused: 'duplicate' });
    expect(addRagSource(['/a'], '/a/')).toEqual({ refused: 'duplicate' });
    // A list written through the API may hold the trailing separator.
    expect(addRagSource(['/a/'], '/a')).toEqual({ refused: 'duplicate' });
  });
  it('is case sensitive (POSIX folders differ by case)', () => {
    expect(addRagSource(['/Docs'], '/docs')).toEqual({ sources: ['/Docs', '/docs'], added: '/docs' });
  });
  it('refuses a path longer than the check takes, and a full list', () => {
    expect(addRagSource([], `/${'a'.repeat(MAX_RAG_SOURCE_CHARS)}`)).toEqual({ refused: 'tooLong' });
    expect(addRagSource([], `/${'a'.repeat(MAX_RAG_SOURCE_CHARS - 1)}`)).toHaveProperty('added');
    const full = Array.from({ length: MAX_RAG_SOURCES }, (_, i) => `/d${i}`);
    expect(addRagSource(full, '/one-more')).toEqual({ refused: 'tooMany' });
    expect(addRagSource(full.slice(1), '/one-more')).toHaveProperty('added', '/one-more');
  });
  it('does not change the list it was given', () => {
    const list = ['/a'];
    addRagSource(list, '/b');
    expect(list).toEqual(['/a']);
  });
});

describe('removeRagSource', () => {
  it('removes the row at the index only', () => {
    expect(removeRagSource(['/a', '/b', '/c'], 1)).toEqual(['/a', '/c']);
    expect(removeRagSource(['/a'], 5)).toEqual(['/a']);
  });
});

describe('checkablePaths', () => {
  it('sends what the command takes: distinct, 1..4096 characters, at most 64', () => {
    expect(checkablePaths(['/a', '/a', '', '/b'])).toEqual(['/a', '/b']);
    expect(checkablePaths([`/${'a'.repeat(MAX_RAG_SOURCE_CHARS)}`])).toEqual([]);
    const many = Array.from({ length: 70 }, (_, i) => `/d${i}`);
    expect(checkablePaths(many)).toEqual(many.slice(0, 64));
  });
  it("uses the command's bounds (test/rag-sources-api.test.ts pins them on the server side)", () => {
    expect(MAX_RAG_SOURCES).toBe(64);
    expect(MAX_RAG_SOURCE_CHARS).toBe(4096);
  });
});

describe('ragSourceStatus and ragOffered', () => {
  const answers = new Map<string, RagSourceProblem | null>([
    ['/ok', null],
    ['docs', 'not_absolute'],
    ['/gone', 'missing'],
    ['/file.md', 'not_folder'],
  ]);
  it('maps each problem of the core to its message', () => {
    expect(ragSourceStatus('/ok', answers, false)).toBe('valid');
    expect(ragSourceStatus('docs', answers, false)).toBe('notAbsolute');
    expect(ragSourceStatus('/gone', answers, false)).toBe('missing');
    expect(ragSourceStatus('/file.md', answers, false)).toBe('notFolder');
  });
  it('a path without an answer is checking while a check runs, else unchecked', () => {
    expect(ragSourceStatus('/new', answers, true)).toBe('checking');
    expect(ragSourceStatus('/new', answers, false)).toBe('unchecked');
    // An older answer stays shown while the next check runs.
    expect(ragSourceStatus('/ok', answers, true)).toBe('valid');
  });
  it('rag is offered exactly when one listed folder is valid', () => {
    expect(ragOffered(['/gone', '/ok'], answers)).toBe(true);
    expect(ragOffered(['/gone', 'docs', '/file.md'], answers)).toBe(false);
    expect(ragOffered([], answers)).toBe(false);
    expect(ragOffered(['/unknown'], answers)).toBe(false);
  });
});

describe('sameSources', () => {
  it('compares in order', () => {
    expect(sameSources(['/a', '/b'], ['/a', '/b'])).toBe(true);
    expect(sameSources(['/a', '/b'], ['/b', '/a'])).toBe(false);
    expect(sameSources(['/a'], ['/a', '/b'])).toBe(false);
  });
});

describe('ragSourceAdvice', () => {
  it('says a missing folder revives, and what to write instead for ~, a relative path and a file', () => {
    expect(ragSourceAdvice('/later', 'missing')).toBe('missing');
    expect(ragSourceAdvice('~/docs', 'notAbsolute')).toBe('tilde');
    expect(ragSourceAdvice('~', 'notAbsolute')).toBe('tilde');
    expect(ragSourceAdvice('notes/relative', 'notAbsolute')).toBe('relative');
    expect(ragSourceAdvice('/docs/a.md', 'notFolder')).toBe('notFolder');
    for (const status of ['valid', 'checking', 'unchecked'] as const)
      expect(ragSourceAdvice('/docs', status)).toBeNull();
  });
});
