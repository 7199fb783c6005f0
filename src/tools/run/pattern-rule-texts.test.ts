/**
 * The pattern rule the model reads is told with the command at hand (issue 22: a trial's `ls` call was
 * answered with an example about "ruff"). Real tool, real run.json in a sandbox.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { runTool } from './run-tool.ts';

let box: ToolSandbox;
let runJson: string;

beforeEach(() => {
  box = toolSandbox();
  runJson = box.ctx().paths.configFile('alice', 'run');
  mkdirSync(dirname(runJson), { recursive: true });
});
afterEach(() => box.cleanup());

const policy = (allow: string[]) => writeFileSync(runJson, JSON.stringify({ allow }));

describe('the pattern rule in the run texts', () => {
  it('a queued `ls` call is told about "ls" and "ls *", in English and Japanese', async () => {
    policy(['git status']);
    const en = await runTool().execute({ command: 'ls', args: ['-la'] }, box.ctx({ language: 'en' }));
    expect(en).toContain('Pattern rule: "ls" matches only a bare ls. To allow arguments, use "ls *"');
    expect(en).not.toContain('ruff');
    const ja = await runTool().execute({ command: 'ls', args: [] }, box.ctx({ language: 'ja' }));
    expect(ja).toContain('パターンの規則: "ls" は引数なしの ls だけに一致します。引数を許すには "ls *"');
    expect(ja).not.toContain('ruff');
  });

  it('names the program of a call whose shown line is cut', async () => {
    policy(['git status']);
    const args = Array.from({ length: 100 }, (_, i) => `argument-${i}`);
    const en = await runTool().execute({ command: 'ls', args }, box.ctx({ language: 'en' }));
    expect(en).toContain('"ls" matches only a bare ls');
  });

  it('the description tells the rule with the first allowed program', async () => {
    policy(['ls', 'git log *']);
    const ctx = (language: 'ja' | 'en') => {
      const { signal: _s, ...rest } = box.ctx({ language, agentId: 'alice' as AgentId });
      return rest;
    };
    const en = (await runTool().specFor(ctx('en')))?.description ?? '';
    expect(en).toContain('("ls" matches only a bare ls; "ls *" matches ls with any arguments)');
    const ja = (await runTool().specFor(ctx('ja')))?.description ?? '';
    expect(ja).toContain('（"ls" は引数なしの ls だけに一致し、"ls *" は引数がいくつでも一致します）');
    expect(`${en}${ja}`).not.toContain('ruff');
  });
});
