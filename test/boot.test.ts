import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_BUDGET_WARNING } from '../src/world/open-village.ts';
import { makeTempRoot, removeRoot, startTestVillage, TEMPLATE } from './helpers/village-server.ts';

async function logOf(workspace: string) {
  return readFile(join(workspace, 'fuseforks.log'), 'utf8');
}

describe('boot', () => {
  it('a new village gets a budget of 1,000,000, a detected language, a village_id and a version line', async () => {
    const village = await startTestVillage({ language: 'ja' });
    try {
      await village.ready();
      const world = JSON.parse(await readFile(join(village.workspace, 'world.json'), 'utf8'));
      expect(world.tokenBudget).toBe(1_000_000);
      expect(world.language).toBe('ja');
      expect((await readFile(join(village.workspace, 'village_id'), 'utf8')).trim()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const log = await logOf(village.workspace);
      expect(log).toMatch(
        /^\S+Z \[fuseforks\] ---- start pid=\d+ ----\n\S+Z \[fuseforks\] version: app=\d+\.\d+\.\d+ profile=(debug|release)/,
      );
      expect(log).not.toContain(NO_BUDGET_WARNING);
    } finally {
      await village.close();
      await removeRoot(village.root);
    }
  });

  it('an existing village without a budget keeps none and logs the WARN; language is detected once', async () => {
    const root = await makeTempRoot();
    const workspace = join(root, 'workspace');
    await mkdir(workspace, { recursive: true });
    await writeFile(
      join(workspace, 'world.json'),
      JSON.stringify({ agents: [], templates: [], language: 'xx' }),
    );
    const first = await startTestVillage({ root, language: 'ja' });
    await first.ready();
    await first.close();
    const world = JSON.parse(await readFile(join(workspace, 'world.json'), 'utf8'));
    expect(world.tokenBudget).toBeNull();
    expect(world.language).toBe('ja');
    expect(await logOf(workspace)).toContain(`WARN ${NO_BUDGET_WARNING}`);
    // A second start with another OS language keeps the stored choice.
    const second = await startTestVillage({ root, language: 'en' });
    await second.ready();
    expect((await second.ok<{ settings: { language: string } }>('get_world')).settings.language).toBe('ja');
    await second.close();
    await removeRoot(root);
  });

  it('a corrupt world.json is reported, never overwritten, and writes are refused until fixed', async () => {
    const root = await makeTempRoot();
    const workspace = join(root, 'workspace');
    await mkdir(workspace, { recursive: true });
    const corrupt = '{"agents": [{"id": "a", "name": "A", "modelTemplateId": "t"}], "tokenBudget": ';
    await writeFile(join(workspace, 'world.json'), corrupt);
    const village = await startTestVillage({ root });
    try {
      await village.ready();
      const status = await village.ok<{ ready: boolean; error: { code: string; message: string } }>(
        'boot_status',
      );
      expect(status.ready).toBe(false);
      expect(status.error.code).toBe('BOOT_FAILED');
      expect(status.error.message).toContain('world.json');
      for (const [name, args] of [
        ['get_world', {}],
        ['set_token_budget', { tokenBudget: 5 }],
        ['upsert_template', { template: TEMPLATE }],
      ] as const) {
        const res = await village.call(name, args);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'BOOT_FAILED' });
      }
      expect(await readFile(join(workspace, 'world.json'), 'utf8')).toBe(corrupt);
      // A retry before the fix still fails; after the fix the village opens with its agent.
      expect((await village.ok<{ ready: boolean }>('retry_boot')).ready).toBe(false);
      await writeFile(join(workspace, 'world.json'), `${corrupt}null}`);
      expect(await village.ok('retry_boot')).toEqual({ ready: true, error: null, warnings: [] });
      const world = await village.ok<{ agents: { id: string }[] }>('get_world');
      expect(world.agents.map((a) => a.id)).toEqual(['a']);
    } finally {
      await village.close();
      await removeRoot(root);
    }
  });

  it('promotes a template whose secret exists but says unset', async () => {
    const root = await makeTempRoot();
    const workspace = join(root, 'workspace');
    const home = join(root, 'home');
    await mkdir(workspace, { recursive: true });
    await mkdir(home, { recursive: true });
    await writeFile(
      join(workspace, 'world.json'),
      JSON.stringify({ templates: [{ id: 't1', ...TEMPLATE, credential: 'none' }], tokenBudget: 10 }),
    );
    await writeFile(join(home, 'secrets.json'), JSON.stringify({ secrets: { t1: 'sk-x' } }), { mode: 0o600 });
    const village = await startTestVillage({ root });
    try {
      await village.ready();
      const world = await village.ok<{ templates: { credential: string }[] }>('get_world');
      expect(world.templates[0]?.credential).toBe('keyring');
      expect(JSON.parse(await readFile(join(workspace, 'world.json'), 'utf8')).templates[0].credential).toBe(
        'keyring',
      );
    } finally {
      await village.close();
      await removeRoot(root);
    }
  });
});
