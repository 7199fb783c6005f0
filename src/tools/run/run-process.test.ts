import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { CHILD_ENV_NAMES } from './child-env.ts';
import { RUN_MARKER_NAME } from './run-marker.ts';
import { markerCall, nodeFirstOnPath } from './run-tool-fixture.ts';
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

/** Waits until a pid is gone (a killed orphan is reaped by init shortly after); false if it never goes. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 300; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function waitForFile(path: string): Promise<string> {
  for (let i = 0; i < 400; i += 1) {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (text !== '') return text;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never appeared`);
}

/** A child that starts a grandchild holding our pipes, writes the grandchild's pid, then waits. */
function treeCall(pidFile: string) {
  const script = [
    'const { spawn } = require("child_process");',
    'const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "inherit" });',
    'require("fs").writeFileSync(process.argv[1], String(c.pid));',
    'setTimeout(() => {}, 60000);',
  ].join(' ');
  return { command: 'node', args: ['-e', script, pidFile] };
}

describe('run: the process', () => {
  it('clears the environment except the listed names', async () => {
    policy({ allow: ['node *'] });
    process.env.FUSEFORKS_RUN_TEST_SECRET = 'do-not-pass';
    try {
      const result = await run({ command: 'node', args: ['-e', 'console.log(JSON.stringify(process.env))'] });
      const json = /--- stdout ---\n(.*)\n/.exec(result)?.[1] ?? '';
      const env = JSON.parse(json) as Record<string, string>;
      // On Linux the run's marker joins the listed names; it carries nothing of the parent's.
      const names = Object.keys(env).filter((name) => name !== RUN_MARKER_NAME);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => (CHILD_ENV_NAMES as readonly string[]).includes(name))).toBe(true);
      expect(names).toContain('PATH');
      expect(result).not.toContain('do-not-pass');
      if (process.platform === 'linux') expect(env[RUN_MARKER_NAME]).toMatch(/^[0-9a-f]{24}$/);
      else expect(env[RUN_MARKER_NAME]).toBeUndefined();
    } finally {
      delete process.env.FUSEFORKS_RUN_TEST_SECRET;
    }
  });

  it('returns a non-zero exit as a normal result with both streams', async () => {
    policy({ allow: ['node *'] });
    const result = await run({
      command: 'node',
      args: ['-e', 'console.log("out"); console.error("err"); process.exit(3)'],
    });
    expect(result).toContain('終了コード: 3');
    expect(result).toContain('--- stdout ---\nout\n');
    expect(result).toContain('--- stderr ---\nerr\n');
  });

  it('gives no stdin', async () => {
    policy({ allow: ['node *'] });
    const result = await run({
      command: 'node',
      args: [
        '-e',
        'let n = 0; process.stdin.on("data", (d) => (n += d.length)); process.stdin.on("end", () => console.log("stdin", n))',
      ],
    });
    expect(result).toContain('stdin 0');
  });

  it('keeps stdout and stderr in fixed slots with a truncation notice', async () => {
    policy({ allow: ['node *'] });
    const both = await run({
      command: 'node',
      args: ['-e', 'process.stdout.write("a".repeat(9000)); process.stderr.write("b".repeat(5000))'],
    });
    expect(both).toContain(`--- stdout ---\n${'a'.repeat(8000)}\n（stdout は全 9,000 バイト`);
    expect(both).toContain(`--- stderr ---\n${'b'.repeat(4000)}\n（stderr は全 5,000 バイト`);
    expect(both).toContain('残りを取り出す方法はありません');
    expect(both).toContain('再実行しても同じ出力になるとは限りません');
    // a short stdout does not lend its space to stderr
    const lend = await run({
      command: 'node',
      args: ['-e', 'process.stdout.write("a"); process.stderr.write("b".repeat(6000))'],
    });
    expect(lend).toContain(`--- stderr ---\n${'b'.repeat(4000)}\n（stderr は全 6,000 バイト`);
    expect(lend).toContain('--- stdout ---\na\n--- stderr ---');
    const big = await run({ command: 'node', args: ['-e', 'process.stdout.write("c".repeat(1000000))'] });
    expect(big).toContain('（stdout は全 1,000,000 バイト');
    expect(big).toContain('--- stderr ---\n（なし）');
  });

  it('kills the whole process tree on timeout', async () => {
    policy({ allow: ['node *'], timeoutSecs: 1 });
    const pidFile = join(box.root, 'grandchild.pid');
    const result = await run(treeCall(pidFile));
    expect(result).toContain('時間切れ: 1 秒');
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    expect(await gone(grandchild)).toBe(true);
    expect(() => process.kill(grandchild, 0)).toThrow();
    expect(box.log.lines.some((l) => l.startsWith('run: agent=alice exit=timeout ms='))).toBe(true);
  }, 40_000);

  it('kills the whole process tree when the turn is interrupted', async () => {
    policy({ allow: ['node *'], timeoutSecs: 600 });
    const pidFile = join(box.root, 'grandchild.pid');
    const controller = new AbortController();
    const pending = runTool().execute(treeCall(pidFile), box.ctx({ signal: controller.signal }));
    const grandchild = Number(await waitForFile(pidFile));
    controller.abort();
    const result = await pending;
    expect(result).toContain('中断');
    expect(await gone(grandchild)).toBe(true);
    expect(() => process.kill(grandchild, 0)).toThrow();
    expect(box.log.lines.some((l) => l.startsWith('run: agent=alice exit=interrupted ms='))).toBe(true);
  }, 40_000);

  it('leaves no background process behind when the command itself exits', async () => {
    policy({ allow: ['node *'], timeoutSecs: 600 });
    const pidFile = join(box.root, 'background.pid');
    const script = [
      'const { spawn } = require("child_process");',
      'const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });',
      'require("fs").writeFileSync(process.argv[1], String(c.pid));',
      'c.unref();',
    ].join(' ');
    const result = await run({ command: 'node', args: ['-e', script, pidFile] });
    expect(result).toContain('終了コード: 0');
    const background = Number(readFileSync(pidFile, 'utf8'));
    expect(background).toBeGreaterThan(0);
    expect(await gone(background)).toBe(true);
  }, 40_000);

  it('does not wait for a grandchild that escaped the group and holds the pipes', async () => {
    policy({ allow: ['node *'], timeoutSecs: 600 });
    const pidFile = join(box.root, 'escaped.pid');
    const script = [
      'const { spawn } = require("child_process");',
      'const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "inherit", detached: true });',
      'require("fs").writeFileSync(process.argv[1], String(c.pid));',
      'c.unref();',
      'console.log("parent done");',
    ].join(' ');
    let escaped = 0;
    try {
      // Waiting for the pipes to close would hang here until the test's own timeout.
      const result = await run({ command: 'node', args: ['-e', script, pidFile] });
      expect(result).toContain('終了コード: 0');
      expect(result).toContain('parent done');
      escaped = Number(readFileSync(pidFile, 'utf8'));
      // On Linux the tree tracker finds it outside the group, kills it and says so.
      if (process.platform === 'linux') {
        expect(result).toContain('残っていた子孫プロセスを終了させました（1 個）: node');
        expect(await gone(escaped)).toBe(true);
      }
    } finally {
      try {
        if (escaped > 0) process.kill(escaped, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it('reports a program that cannot be started as a result, not an error', async () => {
    const dir = join(box.root, 'badbin');
    mkdirSync(dir);
    writeFileSync(join(dir, 'fuseforks-bad-program'), '#!/fuseforks-no-such-interpreter\n', { mode: 0o755 });
    const before = process.env.PATH;
    process.env.PATH = [dir, before].join(delimiter);
    try {
      policy({ allow: ['fuseforks-bad-program'] });
      const result = await run({ command: 'fuseforks-bad-program' });
      expect(result).toContain(`起動できませんでした: ${join(dir, 'fuseforks-bad-program')}`);
      expect(box.log.lines.some((l) => l.includes('exit=spawn_failed'))).toBe(true);
    } finally {
      process.env.PATH = before;
    }
  });

  it('does not start anything once the turn is already interrupted', async () => {
    policy({ allow: ['node *'] });
    const controller = new AbortController();
    controller.abort();
    const marker = join(box.root, 'marker');
    const result = await runTool().execute(markerCall(marker), box.ctx({ signal: controller.signal }));
    expect(result).toContain('実行していません');
    expect(existsSync(marker)).toBe(false);
  });

  it('says so when the program is not on PATH', async () => {
    policy({ allow: ['fuseforks-no-such-program *'] });
    const result = await run({ command: 'fuseforks-no-such-program', args: [] });
    expect(result).toContain('PATH に見つかりません');
  });
});
