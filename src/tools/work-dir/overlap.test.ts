import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EventBus } from '../../domain/events.ts';
import type { Village } from '../../world/village.ts';
import { bundledTools } from '../bundled.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { OVERLAP_REFUSAL, OVERLAP_REFUSALS, overlapsVillageFiles } from './overlap.ts';

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
});
afterEach(() => box.cleanup());

it('sees a work folder that contains or lies inside the workspace or the app data folder', async () => {
  expect(await overlapsVillageFiles(box.ctx())).toBe(false);
  expect(await overlapsVillageFiles(box.ctx({ workDir: box.root }))).toBe(true);
  expect(await overlapsVillageFiles(box.ctx({ workDir: join(box.root, 'workspace') }))).toBe(true);
  mkdirSync(join(box.root, 'home', 'sub'));
  expect(await overlapsVillageFiles(box.ctx({ workDir: join(box.root, 'home', 'sub') }))).toBe(true);
  expect(await overlapsVillageFiles(box.ctx({ workDir: null }))).toBe(false);
});

it('keeps every work-folder tool from editing the agent own run.json through such a folder', async () => {
  const runJson = box.ctx().paths.configFile('alice', 'run');
  mkdirSync(join(box.root, 'workspace', 'agents', 'alice'), { recursive: true });
  writeFileSync(runJson, '{"allow": []}\n');
  const tools = new Map(bundledTools({} as Village, new EventBus()).map((t) => [t.name, t]));
  const ctx = box.ctx({ workDir: box.root });
  const rel = 'workspace/agents/alice/run.json';
  const calls: [string, Record<string, unknown>][] = [
    ['sd', { pattern: '\\[\\]', replacement: '["node *"]', path: rel, apply: true }],
    ['file', { op: 'write', path: rel, content: '{"allow": ["node *"]}', overwrite: true }],
    ['yq', { op: 'get', path: rel, key: 'allow' }],
    ['grep', { pattern: 'allow' }],
    ['fd', { pattern: 'run' }],
    ['diff', { path_a: rel, path_b: rel }],
  ];
  for (const [name, args] of calls) expect(await tools.get(name)!.execute(args, ctx)).toBe(OVERLAP_REFUSAL);
  // In the village language (issue 22).
  const english = box.ctx({ workDir: box.root, language: 'en' });
  for (const [name, args] of calls) {
    expect(await tools.get(name)!.execute(args, english)).toBe(OVERLAP_REFUSALS.en);
  }
  expect(OVERLAP_REFUSALS.en).not.toMatch(/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/u);
  expect(readFileSync(runJson, 'utf8')).toBe('{"allow": []}\n');
  // The same tools work in a folder of their own.
  expect(
    await tools.get('file')!.execute({ op: 'write', path: 'ok.txt', content: 'x' }, box.ctx()),
  ).toContain('作成しました');
});
