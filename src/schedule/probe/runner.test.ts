/** Real processes: node scripts run through the probe runner (never through a shell). */
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import { dies, identityOf, type Identity } from '../../tools/run/descendant-fixture.ts';
import { charCount } from '../../domain/chars.ts';
import type { ScheduleProbe } from '../../domain/schedule.ts';
import { ProbeApprovals, probeApprovalsPath } from './approvals-store.ts';
import { runProbe } from './probe-run.ts';
import type { ProbeRun } from './runner.ts';
import { FIXTURE_VILLAGE_ID } from './schedule-fixture.ts';

const VILLAGE = FIXTURE_VILLAGE_ID;
const NODE = process.execPath;

let root: string;
let workspace: string;
let approvals: ProbeApprovals;
let log: MemoryDiagLog;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'fuseforks-probe-')));
  workspace = join(root, 'workspace');
  await writeFile(join(root, 'keep'), '');
  await mkdir(workspace);
  approvals = new ProbeApprovals(probeApprovalsPath(root), VILLAGE);
  log = new MemoryDiagLog();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function nodeProbe(code: string, extra: Partial<ScheduleProbe> = {}): ScheduleProbe {
  return { command: NODE, args: ['-e', code], expect: 'CHANGED', timeoutSecs: 30, cwd: null, ...extra };
}

async function run(probe: ScheduleProbe, approve = true): Promise<ProbeRun> {
  if (approve) await approvals.approve([probe]);
  const result = await runProbe(probe, {
    scheduleId: 'sched_1',
    workspace,
    approvals,
    log,
    signal: new AbortController().signal,
  });
  if (result.interrupted) throw new Error('interrupted');
  return result;
}

describe('runProbe', () => {
  it('matches stdout line 1 and appends lines 2+; a non-zero exit still matches', async () => {
    const result = await run(
      nodeProbe(`process.stdout.write('CHANGED\\r\\nnew: 3\\n'); process.exitCode = 1`),
    );
    expect(result.report).toMatchObject({ outcome: 'match', reason: null });
    expect(result.exit).toBe(1);
    expect(result.appendix).toBe('new: 3\n');
    expect(result.stdoutChars).toBe(16);
    expect(log.lines).toEqual([
      `schedule probe: id=sched_1 outcome=match exit=1 reason=- resolved=${JSON.stringify(NODE)} stdout_chars=16`,
    ]);
  });

  it('reports no_match and never logs stdout content', async () => {
    const result = await run(nodeProbe(`console.log('SECRET-VALUE')`));
    expect(result.report.outcome).toBe('no_match');
    expect(result.appendix).toBeNull();
    expect(log.lines.join('\n')).not.toContain('SECRET');
  });

  it('resolves a bare name through PATH at run time and logs the full path', async () => {
    const probe: ScheduleProbe = {
      command: 'node',
      args: ['-e', `console.log('CHANGED')`],
      expect: 'CHANGED',
      timeoutSecs: 30,
      cwd: null,
    };
    const result = await run(probe);
    expect(result.report.outcome).toBe('match');
    expect(result.resolved).toMatch(/[\\/]node(\.exe)?$/);
    expect(log.lines[0]).toContain(`resolved=${JSON.stringify(result.resolved)}`);
  });

  it('never runs an unapproved probe: no process, outcome unapproved, one line', async () => {
    const marker = join(root, 'ran');
    const result = await run(nodeProbe(`require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`), false);
    expect(result.report).toMatchObject({ outcome: 'unapproved', reason: null });
    await expect(readFile(marker)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(log.lines).toEqual([
      'schedule probe: id=sched_1 outcome=unapproved exit=- reason=- resolved=- stdout_chars=0',
    ]);
  });

  it('is unapproved when the command changed after approval', async () => {
    await approvals.approve([nodeProbe(`console.log('CHANGED')`)]);
    const result = await run(nodeProbe(`console.log('CHANGED'); 1`), false);
    expect(result.report.outcome).toBe('unapproved');
  });

  it('runs in the workspace when cwd is null, and in cwd when set', async () => {
    const probe = nodeProbe(`console.log('CHANGED'); console.log(process.cwd())`);
    expect((await run(probe)).appendix).toBe(`${workspace}\n`);
    expect((await run({ ...probe, cwd: root })).appendix).toBe(`${root}\n`);
  });

  it('checks cwd at run time: missing or a file is cwd_missing', async () => {
    for (const cwd of [join(root, 'gone'), join(root, 'keep')]) {
      const result = await run(nodeProbe(`console.log('CHANGED')`, { cwd }));
      expect(result.report).toMatchObject({ outcome: 'error', reason: 'cwd_missing' });
    }
    expect(log.lines.at(-1)).toBe(
      'schedule probe: id=sched_1 outcome=error exit=- reason=cwd_missing resolved=- stdout_chars=0',
    );
  });

  it('gives not_found for an unknown name and for a missing path', async () => {
    const byName = await run({ ...nodeProbe(''), command: 'no-such-program-fuseforks' });
    expect(byName.report).toMatchObject({ outcome: 'error', reason: 'not_found' });
    const byPath = await run({ ...nodeProbe(''), command: join(root, 'missing-tool') });
    expect(byPath.report).toMatchObject({ outcome: 'error', reason: 'not_found' });
  });

  it('gives spawn_failed for a file that cannot be executed', async () => {
    if (process.platform === 'win32') return;
    const file = join(root, 'not-executable');
    await writeFile(file, 'plain text');
    await chmod(file, 0o644);
    const result = await run({ ...nodeProbe(''), command: file });
    // root may execute any file with an x bit only; without one, exec fails for every user.
    expect(result.report).toMatchObject({ outcome: 'error', reason: 'spawn_failed' });
  });

  it('uses no shell: shell syntax reaches the program as plain arguments', async () => {
    const probe: ScheduleProbe = {
      command: NODE,
      args: ['-e', `console.log(process.argv[1])`, 'CHANGED;exit 1'],
      expect: 'CHANGED;exit 1',
      timeoutSecs: 30,
      cwd: null,
    };
    expect((await run(probe)).report.outcome).toBe('match');
  });

  it('clears the environment like the run tool', async () => {
    process.env.FUSEFORKS_PROBE_TEST_SECRET = 'leak';
    try {
      const result = await run(
        nodeProbe(`console.log('CHANGED'); console.log(String(process.env.FUSEFORKS_PROBE_TEST_SECRET))`),
      );
      expect(result.appendix).toBe('undefined\n');
    } finally {
      delete process.env.FUSEFORKS_PROBE_TEST_SECRET;
    }
  });

  it('kills the tree on timeout: outcome timeout, the grandchild gone', async () => {
    const pidFile = join(root, 'grandchild.pid');
    const code = `
      const { spawn } = require('child_process');
      const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(g.pid));
      console.log('CHANGED');
      setInterval(() => {}, 1000);`;
    const result = await run(nodeProbe(code, { timeoutSecs: 1 }));
    expect(result.report).toMatchObject({ outcome: 'timeout', reason: null });
    expect(result.exit).toBeNull();
    if (process.platform === 'linux') {
      // A killed grandchild may linger as a zombie until reaped: alive means neither (see the fixture).
      const pid = Number(await readFile(pidFile, 'utf8'));
      let who: Identity | null = null;
      try {
        who = identityOf(pid);
      } catch {
        // Already reaped: gone.
      }
      if (who !== null) expect(await dies(who)).toBe(true);
    }
    expect(log.lines[0]).toMatch(/^schedule probe: id=sched_1 outcome=timeout exit=- reason=- resolved=/);
  });

  it('gives signal_truncated when the 65,536-character capture ends inside line 1', async () => {
    const result = await run(nodeProbe(`process.stdout.write('あ'.repeat(70000))`));
    expect(result.report).toMatchObject({ outcome: 'error', reason: 'signal_truncated' });
    expect(result.stdoutChars).toBe(65_536);
  });

  it('judges when the capture ends after line 1 and notes the unknown total', async () => {
    const result = await run(nodeProbe(`process.stdout.write('CHANGED\\n' + 'x'.repeat(70000))`));
    expect(result.report.outcome).toBe('match');
    expect(result.appendix?.endsWith('\n(全 65,536 字以上)')).toBe(true);
    expect(charCount(result.appendix ?? '')).toBe(4_000 + '\n(全 65,536 字以上)'.length);
  });

  it('reports interrupted, with no line, when the server stops the run', async () => {
    const probe = nodeProbe(`setInterval(() => {}, 1000)`);
    await approvals.approve([probe]);
    const controller = new AbortController();
    const pending = runProbe(probe, {
      scheduleId: 's',
      workspace,
      approvals,
      log,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    expect(await pending).toEqual({ interrupted: true });
    expect(log.lines).toEqual([]);
  });
});
