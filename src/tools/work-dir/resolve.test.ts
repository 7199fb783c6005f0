import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { resolveCreatable, resolveExisting } from './resolve.ts';

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
  box.put('src/a.txt', 'a');
  writeFileSync(join(box.outside, 'secret.txt'), 'secret');
  symlinkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'link-out.txt'));
  symlinkSync(box.outside, join(box.workDir, 'dir-out'));
  symlinkSync(join(box.workDir, 'src', 'a.txt'), join(box.workDir, 'link-in.txt'));
});
afterEach(() => box.cleanup());

describe('resolveExisting', () => {
  it('resolves a file inside to its real path and a relative display path', async () => {
    const r = await resolveExisting(box.workDir, './src/../src/a.txt', 'ja');
    expect(r).toMatchObject({ ok: true, rel: 'src/a.txt' });
    expect(await resolveExisting(box.workDir, '', 'ja')).toMatchObject({ ok: true, rel: '.' });
    expect(await resolveExisting(box.workDir, join(box.workDir, 'src'), 'ja')).toMatchObject({
      ok: true,
      rel: 'src',
    });
  });

  it('tells missing from outside, and never resolves outside', async () => {
    expect(await resolveExisting(box.workDir, 'src/none.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'missing',
    });
    expect(await resolveExisting(box.workDir, '../outside/secret.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
    expect(await resolveExisting(box.workDir, join(box.outside, 'secret.txt'), 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
    expect(await resolveExisting(box.workDir, 'link-out.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
    expect(await resolveExisting(box.workDir, 'dir-out/secret.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
  });

  it('takes a link that stays inside to its target', async () => {
    expect(await resolveExisting(box.workDir, 'link-in.txt', 'ja')).toMatchObject({
      ok: true,
      rel: 'src/a.txt',
    });
  });

  it('refuses what is not a path', async () => {
    expect(await resolveExisting(box.workDir, 42, 'ja')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await resolveExisting(box.workDir, 'a\0b', 'ja')).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('resolveCreatable', () => {
  it('accepts a new path under existing and missing folders', async () => {
    expect(await resolveCreatable(box.workDir, 'src/new.txt', 'ja')).toMatchObject({
      ok: true,
      rel: 'src/new.txt',
    });
    expect(await resolveCreatable(box.workDir, 'deep/er/new.txt', 'ja')).toMatchObject({
      ok: true,
      rel: 'deep/er/new.txt',
    });
    expect(await resolveCreatable(box.workDir, 'src/a.txt', 'ja')).toMatchObject({
      ok: true,
      rel: 'src/a.txt',
    });
  });

  it('refuses .., absolute parts and destinations through links out', async () => {
    for (const bad of ['../x.txt', 'src/../../x.txt', 'src/../ok.txt']) {
      expect(await resolveCreatable(box.workDir, bad, 'ja')).toMatchObject({ ok: false, reason: 'invalid' });
    }
    expect(await resolveCreatable(box.workDir, join(box.workDir, 'x.txt'), 'ja')).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await resolveCreatable(box.workDir, 'dir-out/new.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
    expect(await resolveCreatable(box.workDir, 'link-out.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
  });

  it('refuses a dangling link as a destination', async () => {
    symlinkSync(join(box.outside, 'not-yet.txt'), join(box.workDir, 'dangling.txt'));
    expect(await resolveCreatable(box.workDir, 'dangling.txt', 'ja')).toMatchObject({
      ok: false,
      reason: 'outside',
    });
  });

  it('refuses an empty path', async () => {
    mkdirSync(join(box.workDir, 'empty'));
    expect(await resolveCreatable(box.workDir, ' ', 'ja')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await resolveCreatable(box.workDir, './', 'ja')).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
