import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { expectedNode, markerCall, nodeFirstOnPath } from './run-tool-fixture.ts';
import { runTool } from './run-tool.ts';

let box: ToolSandbox;
let runJson: string;

nodeFirstOnPath();

beforeEach(() => {
  box = toolSandbox();
  runJson = box.ctx().paths.configFile('alice', 'run');
  mkdirSync(dirname(runJson), { recursive: true });
});
afterEach(() => box.cleanup());

function policy(value: Record<string, unknown>): void {
  writeFileSync(runJson, JSON.stringify(value, null, 2));
}
const run = (args: Record<string, unknown>, overrides = {}) => runTool().execute(args, box.ctx(overrides));

function readPolicy(): { pending: { command: string; args: string[]; count: number }[] } {
  return JSON.parse(readFileSync(runJson, 'utf8')) as {
    pending: { command: string; args: string[]; count: number }[];
  };
}

describe('run: decisions', () => {
  it('fails closed with no run.json: nothing runs, the call is queued', async () => {
    const marker = join(box.root, 'marker');
    const result = await run(markerCall(marker));
    expect(result).toContain('承認待ち');
    expect(result).toContain('"node *"');
    expect(existsSync(marker)).toBe(false);
    expect(readPolicy().pending).toEqual([
      expect.objectContaining({ command: 'node', args: markerCall(marker).args, count: 1 }),
    ]);
    await run(markerCall(marker));
    expect(readPolicy().pending[0]?.count).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it('fails closed with a broken run.json: nothing runs, nothing queued, the file unchanged', async () => {
    const text = '{ "allow": ["node *"], "deny": [] ';
    writeFileSync(runJson, text);
    const marker = join(box.root, 'marker');
    const result = await run(markerCall(marker));
    expect(result).toContain('run.json を読めない');
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(runJson, 'utf8')).toBe(text);
  });

  it('refuses a denied call without queuing it; deny wins over allow', async () => {
    policy({ allow: ['node *'], deny: ['node -e *'], pending: [] });
    const marker = join(box.root, 'marker');
    const result = await run(markerCall(marker));
    expect(result).toContain('実行しないと決められています');
    expect(existsSync(marker)).toBe(false);
    expect(readPolicy().pending).toEqual([]);
  });

  it('refuses a command with a path before matching, even when allowed', async () => {
    policy({ allow: ['node *', `${process.execPath} *`] });
    const marker = join(box.root, 'marker');
    for (const command of [process.execPath, './node', 'bin\\node', 'C:node']) {
      const result = await run({ ...markerCall(marker), command });
      expect(result).toContain('パスを書けません');
    }
    expect(await run({ command: 'node -e', args: [] })).toContain('空白は使えません');
    expect(await run({ command: 'node', args: 'x' })).toContain('文字列の配列');
    expect(existsSync(marker)).toBe(false);
    expect(readPolicy().pending ?? []).toEqual([]);
  });

  it('runs an allowed call and shows the resolved full path', async () => {
    policy({ allow: ['node *'] });
    const marker = join(box.root, 'marker');
    const result = await run(markerCall(marker));
    expect(readFileSync(marker, 'utf8')).toBe('ran');
    expect(result).toContain(`実行ファイル: ${expectedNode}`);
    expect(result).toContain('終了コード: 0');
    expect(box.log.lines).toContain('run decision: agent=alice command="node" args=3 decision=allow');
    const exec = box.log.lines.find((l) => l.startsWith('run: agent=alice exit=0 ms='));
    expect(exec).toContain(`resolved=${JSON.stringify(expectedNode)}`);
    // the args' text never reaches the log
    expect(box.log.lines.join('\n')).not.toContain('writeFileSync');
  });

  it('tidies pending entries a new allow covers whenever run is called', async () => {
    policy({
      allow: ['node *', 'git *'],
      pending: [
        { command: 'git', args: ['status'], count: 1, firstRequestedAtMs: 1 },
        { command: 'cargo', args: [], count: 1, firstRequestedAtMs: 2 },
      ],
    });
    const changed: string[] = [];
    const tool = runTool({ onPendingChanged: (id) => changed.push(id) });
    await tool.execute({ command: 'node', args: ['-e', '0'] }, box.ctx());
    expect(readPolicy().pending.map((e) => e.command)).toEqual(['cargo']);
    expect(changed).toEqual(['alice']);
  });

  it('works in the work folder, or the home folder when none is set', async () => {
    policy({ allow: ['node *'] });
    const inWork = await run({ command: 'node', args: ['-e', 'console.log(process.cwd())'] });
    expect(inWork).toContain(`作業ディレクトリ: ${box.workDir}`);
    expect(inWork).toContain(`--- stdout ---\n${box.workDir}\n`);
    const noWork = await run(
      { command: 'node', args: ['-e', 'console.log(process.cwd())'] },
      { workDir: null },
    );
    expect(noWork).toContain(`作業ディレクトリ: ${homedir()}`);
  });
});

describe('run: the description', () => {
  const spec = async (language: 'ja' | 'en') => {
    const { signal: _s, ...ctx } = box.ctx({ language, agentId: 'alice' as AgentId });
    return runTool().specFor(ctx);
  };

  it('says plainly that nothing can run yet when nothing is allowed', async () => {
    const ja = await spec('ja');
    expect(ja?.description).toContain('いまはこの道具では何も実行できません');
    expect(ja?.description).not.toMatch(/^- /m);
    const en = await spec('en');
    expect(en?.description).toContain('Nothing can be executed with this tool yet');
    policy({ allow: [], deny: ['rm *'] });
    expect((await spec('en'))?.description).toContain('Nothing can be executed with this tool yet');
  });

  it('lists the allow patterns, never the deny ones, and the four things run does not provide', async () => {
    policy({ allow: ['git log *', 'ruff'], deny: ['rm-secret-deny *'], timeoutSecs: 42 });
    for (const language of ['ja', 'en'] as const) {
      const description = (await spec(language))?.description ?? '';
      expect(description).toContain('- git log *\n- ruff');
      expect(description).not.toContain('rm-secret-deny');
      expect(description).toContain('42');
      for (const mark of ['(a)', '(b)', '(c)', '(d)']) expect(description).toContain(mark);
    }
    const ja = (await spec('ja'))?.description ?? '';
    expect(ja).toContain('作業フォルダの境界は run には効きません');
    expect(ja).toContain('ごみ箱');
    expect(ja).toContain('環境変数');
    expect(ja).toContain('安全のための壁ではありません');
    const en = (await spec('en'))?.description ?? '';
    expect(en).toContain('work-folder boundary does not apply');
    expect(en).toContain('trash-only delete');
    expect(en).toContain('clearing environment variables is not a boundary');
    expect(en).toContain('not a security wall');
  });

  it('says that what a command leaves behind is killed when it ends', async () => {
    expect((await spec('ja'))?.description).toContain(
      'コマンドが終わると、それが残したプロセス（バックグラウンドやデーモン化したものも）は終了させます。',
    );
    expect((await spec('en'))?.description).toContain(
      'When the command ends, the processes it left behind (in the background or daemonized) are killed.',
    );
  });

  it('describes command and args; results follow the village language (issue 22)', async () => {
    const tool = runTool();
    const en = await spec('en');
    expect(en?.parameters).toMatchObject({ required: ['command'], properties: { args: { type: 'array' } } });
    expect(tool.wantsReason).toBe(true);
    const queued = await tool.execute({ command: 'node', args: ['-v'] }, box.ctx({ language: 'en' }));
    expect(queued).toContain('queued for a person to approve');
    expect(queued).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
    expect(await tool.execute({ command: 'node', args: ['-v'] }, box.ctx())).toContain('承認待ち');
  });

  it('reports a run in the village language: English lines in an English village', async () => {
    policy({ allow: ['node *'], deny: [], pending: [] });
    const args = { command: 'node', args: ['-e', 'process.exit(3)'] };
    const en = await run(args, { language: 'en' });
    expect(en).toContain('Exit code: 3');
    expect(en).toContain('Working directory: ');
    expect(en).toContain('--- stdout ---\n(none)');
    expect(en).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
    const ja = await run(args);
    expect(ja).toContain('終了コード: 3');
    expect(ja).toContain('--- stdout ---\n（なし）');
  });
});
