/** check_rag_sources over real HTTP: the settings field's validity marks, through the rag tool's own check. */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestVillage, type TestVillage } from './helpers/village-server.ts';

let v: TestVillage;
beforeEach(async () => {
  v = await startTestVillage();
  await v.ready();
});
afterEach(async () => {
  await v.close();
  rmSync(v.root, { recursive: true, force: true });
});

it('marks each entry in order: valid, not absolute, missing, not a folder (a linked root is followed)', async () => {
  const docs = join(v.root, 'docs');
  mkdirSync(docs);
  writeFileSync(join(v.root, 'file.md'), 'x');
  symlinkSync(docs, join(v.root, 'docs-link'));
  const paths = [
    docs,
    'docs',
    join(v.root, 'nowhere'),
    join(v.root, 'file.md'),
    join(v.root, 'docs-link'),
    docs,
  ];
  expect(await v.ok('check_rag_sources', { paths })).toEqual([
    { path: docs, problem: null },
    { path: 'docs', problem: 'not_absolute' },
    { path: join(v.root, 'nowhere'), problem: 'missing' },
    { path: join(v.root, 'file.md'), problem: 'not_folder' },
    { path: join(v.root, 'docs-link'), problem: null },
    { path: docs, problem: null },
  ]);
});

it('caches nothing: a root made after a check is valid at the next one', async () => {
  const later = join(v.root, 'later');
  expect(await v.ok('check_rag_sources', { paths: [later] })).toEqual([{ path: later, problem: 'missing' }]);
  mkdirSync(later);
  expect(await v.ok('check_rag_sources', { paths: [later] })).toEqual([{ path: later, problem: null }]);
  expect(await v.ok('check_rag_sources', { paths: [] })).toEqual([]);
});

it('refuses more than 64 paths, an empty or over-long path, a non-string and unknown keys', async () => {
  const ok = Array.from({ length: 64 }, (_, i) => `/p${i}`);
  expect(await v.ok('check_rag_sources', { paths: ok })).toHaveLength(64);
  for (const args of [
    { paths: [...ok, '/p64'] },
    { paths: [''] },
    { paths: [`/${'a'.repeat(4096)}`] },
    { paths: [3] },
    { paths: '/docs' },
    {},
    { paths: [], agentId: 'agent-1' },
  ]) {
    const answer = await v.call('check_rag_sources', args);
    expect(answer.status, JSON.stringify(args).slice(0, 80)).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_ARGUMENT' });
  }
  expect(await v.ok('check_rag_sources', { paths: [`/${'a'.repeat(4095)}`] })).toEqual([
    { path: `/${'a'.repeat(4095)}`, problem: 'missing' },
  ]);
});
