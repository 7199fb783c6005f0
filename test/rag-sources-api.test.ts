/**
 * check_rag_sources over real HTTP against a real server: what the settings dialog shows next to each
 * reference folder, checked on real temp folders, never cached.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

let v: TestVillage;
let docs: string;

beforeAll(async () => {
  v = await startTestVillage();
  await v.ready();
  docs = join(v.root, 'docs');
  mkdirSync(docs);
  writeFileSync(join(v.root, 'note.md'), '# a file, not a folder\n');
});
afterAll(async () => {
  await v.close();
  await removeRoot(v.root);
});

describe('check_rag_sources', () => {
  it('marks each path in the order asked, echoing the declared string', async () => {
    const paths = [docs, join(v.root, 'gone'), join(v.root, 'note.md'), 'docs/relative', `${docs}/`];
    expect(await v.ok('check_rag_sources', { paths })).toEqual([
      { path: docs, problem: null },
      { path: join(v.root, 'gone'), problem: 'missing' },
      { path: join(v.root, 'note.md'), problem: 'not_folder' },
      { path: 'docs/relative', problem: 'not_absolute' },
      { path: `${docs}/`, problem: null },
    ]);
  });

  it('accepts a declared root that is a link to a folder (a person wrote it; it is canonicalised)', async () => {
    const link = join(v.root, 'docs-link');
    symlinkSync(docs, link);
    expect(await v.ok('check_rag_sources', { paths: [link] })).toEqual([{ path: link, problem: null }]);
  });

  it('caches nothing: a folder that appears is valid at once, one that goes is missing at once', async () => {
    const later = join(v.root, 'later');
    expect(await v.ok('check_rag_sources', { paths: [later] })).toEqual([
      { path: later, problem: 'missing' },
    ]);
    mkdirSync(later);
    expect(await v.ok('check_rag_sources', { paths: [later] })).toEqual([{ path: later, problem: null }]);
    rmSync(later, { recursive: true });
    expect(await v.ok('check_rag_sources', { paths: [later] })).toEqual([
      { path: later, problem: 'missing' },
    ]);
  });

  it('answers every entry, a repeated one too (the dialog may hold a stored duplicate)', async () => {
    expect(await v.ok('check_rag_sources', { paths: [docs, 'docs', docs] })).toEqual([
      { path: docs, problem: null },
      { path: 'docs', problem: 'not_absolute' },
      { path: docs, problem: null },
    ]);
  });

  it('answers an empty list with an empty list', async () => {
    expect(await v.ok('check_rag_sources', { paths: [] })).toEqual([]);
  });

  it('takes 64 paths of up to 4096 characters', async () => {
    const long = `/${'a'.repeat(4095)}`;
    const answer = await v.ok<{ problem: string }[]>('check_rag_sources', {
      paths: Array.from({ length: 64 }, () => long),
    });
    expect(answer).toHaveLength(64);
    // Too long a name for the file system is simply not found, never a crash.
    expect(answer.every((c) => c.problem === 'missing')).toBe(true);
  });

  it.each([
    ['65 paths', { paths: Array.from({ length: 65 }, () => '/x') }],
    ['an empty path', { paths: [''] }],
    ['a path of 4097 characters', { paths: [`/${'a'.repeat(4096)}`] }],
    ['a path that is not a string', { paths: [42] }],
    ['no paths', {}],
    ['paths not a list', { paths: '/x' }],
    ['an unknown key', { paths: [], extra: true }],
  ])('refuses %s with INVALID_ARGUMENT', async (_what, args) => {
    const res = await v.call<{ code: string; message: string }>('check_rag_sources', args);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ARGUMENT');
    expect(res.body.message).not.toMatch(/\n\s+at /);
  });

  it('does not crash on a path holding a NUL character', async () => {
    expect(await v.ok('check_rag_sources', { paths: ['/tmp/a\u0000b'] })).toEqual([
      { path: '/tmp/a\u0000b', problem: 'missing' },
    ]);
  });
});
