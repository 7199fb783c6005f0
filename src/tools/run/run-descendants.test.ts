/**
 * run kills every descendant, including those that left the process group (`setsid`, a daemonizing
 * double fork), on timeout, on interruption and when the command ends by itself, and its result names
 * what it killed. Real processes; their death is checked through /proc.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import {
  BARE_SETSID_DAEMON,
  dies,
  DOUBLE_FORK_DAEMON,
  environOf,
  killStraysAfterEach,
  parentOf,
  registerStray,
  SETSID_DAEMON,
  shCall,
  WAIT_UNTIL_SEEN,
  waitForPid,
} from './descendant-fixture.ts';
import { runTool } from './run-tool.ts';

let box: ToolSandbox;
let pidFile: string;

killStraysAfterEach();
beforeEach(() => {
  box = toolSandbox();
  const runJson = box.ctx().paths.configFile('alice', 'run');
  mkdirSync(dirname(runJson), { recursive: true });
  writeFileSync(runJson, JSON.stringify({ allow: ['sh *'], timeoutSecs: 2 }));
  pidFile = join(box.root, 'daemon.pid');
});
afterEach(() => box.cleanup());

/**
 * The command's sh, its `sleep 300` and the daemon's sleep (a shell that execs its last command is
 * that sleep itself): named without pids (tree-lines.ts).
 */
const KILLED_COMMAND_AND_DAEMON = /^終了させたプロセス（[23] 個）: (sh, )?sleep ×2$/;

/** The line of the result that names killed processes. */
function killedLine(result: string): string {
  return (
    result
      .split('\n')
      .find((l) => l.startsWith('終了させたプロセス') || l.startsWith('コマンドの終了後も')) ?? ''
  );
}

describe.runIf(process.platform === 'linux')('run: descendants that left the process group', () => {
  it('kills a setsid descendant on timeout and names it', async () => {
    const pending = runTool().execute(
      shCall(`${SETSID_DAEMON} & ${WAIT_UNTIL_SEEN}; sleep 300`, pidFile),
      box.ctx(),
    );
    const daemon = await waitForPid(pidFile);
    const result = await pending;
    expect(result).toContain('時間切れ: 2 秒を超えたため、プロセスを子孫ごと終了しました');
    expect(await dies(daemon)).toBe(true);
    expect(killedLine(result)).toMatch(KILLED_COMMAND_AND_DAEMON);
    expect(result).not.toContain('終了できなかった');
    expect(result).toContain('子孫は /proc で追っています');
    expect(
      box.log.lines.some((l) => /^run: agent=alice exit=timeout .* killed=\d+ unkilled=0$/.test(l)),
    ).toBe(true);
  }, 40_000);

  it('kills a double-forked daemon, reparented away from the command, when the turn is interrupted', async () => {
    const controller = new AbortController();
    const pending = runTool().execute(
      shCall(`echo $$ > "$1.outer"; ${DOUBLE_FORK_DAEMON}; ${WAIT_UNTIL_SEEN}; sleep 300`, pidFile),
      box.ctx({ signal: controller.signal }),
    );
    const daemon = await waitForPid(pidFile);
    const outer = registerStray(Number(readFileSync(`${pidFile}.outer`, 'utf8')));
    // The double fork worked: the daemon is no longer a child of the command.
    expect(parentOf(daemon.pid)).not.toBe(outer.pid);
    controller.abort();
    const result = await pending;
    expect(result).toContain('中断: ターンが打ち切られたため、プロセスを子孫ごと終了しました');
    expect(await dies(daemon)).toBe(true);
    expect(await dies(outer)).toBe(true);
    // Which shells and sleeps were alive at that instant varies (the wait loop's `sleep 0.02`, the
    // daemon before its exec, the double fork's middle shell); the deaths above are the proof.
    expect(killedLine(result)).toMatch(/^終了させたプロセス（\d+ 個）: sh( ×\d+)?, sleep( ×\d+)?$/);
  }, 40_000);

  it.each([
    { what: 'a double-forked daemon (pipes closed)', script: `${DOUBLE_FORK_DAEMON}; ${WAIT_UNTIL_SEEN}` },
    {
      what: 'a setsid descendant holding the pipes',
      script: `${SETSID_DAEMON} & ${WAIT_UNTIL_SEEN}; echo parent done`,
    },
  ])(
    'kills $what left behind by a command that exited, and says so',
    async ({ script }) => {
      const pending = runTool().execute(shCall(script, pidFile), box.ctx());
      const daemon = await waitForPid(pidFile);
      const result = await pending;
      expect(result).toContain('終了コード: 0');
      if (script.includes('parent done')) expect(result).toContain('--- stdout ---\nparent done\n');
      expect(await dies(daemon)).toBe(true);
      expect(killedLine(result)).toMatch(
        /^コマンドの終了後も残っていた子孫プロセスを終了させました（1 個）: (sh|sleep)$/,
      );
    },
    40_000,
  );

  it('finds a setsid descendant without the marker through its parent', async () => {
    const pending = runTool().execute(
      shCall(`${BARE_SETSID_DAEMON} & ${WAIT_UNTIL_SEEN}; sleep 300`, pidFile),
      box.ctx(),
    );
    const daemon = await waitForPid(pidFile);
    expect(environOf(daemon.pid).some((v) => v.startsWith('FUSEFORKS_RUN_ID='))).toBe(false);
    const result = await pending;
    expect(result).toContain('時間切れ');
    expect(await dies(daemon)).toBe(true);
    expect(killedLine(result)).toMatch(KILLED_COMMAND_AND_DAEMON);
  }, 40_000);

  it('adds no process lines when nothing was left behind', async () => {
    const result = await runTool().execute(shCall('exit 0', pidFile), box.ctx());
    expect(result).toContain('終了コード: 0');
    expect(killedLine(result)).toBe('');
    expect(result).not.toContain('/proc');
    expect(box.log.lines.some((l) => l.endsWith(' killed=0 unkilled=0'))).toBe(true);
  });
});
