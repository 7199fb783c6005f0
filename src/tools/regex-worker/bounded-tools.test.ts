/**
 * grep, fd and sd with a pattern that backtracks for ever: each call ends with a result text at the
 * pool's time limit (or at the turn's interrupt), and the tool answers normally right after.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fdTool } from '../fd/fd-tool.ts';
import { grepTool } from '../grep/grep-tool.ts';
import { sdTool } from '../sd/sd-tool.ts';
import { NO_FENCE } from '../work-dir/fence.ts';
import { toolSandbox } from '../test-kit.ts';
import { WorkerRegexRunner } from './worker-pool.ts';

const HOSTILE = '(a+)+$';
const STUCK = `${'a'.repeat(40)}b`;

const box = toolSandbox();
const pool = new WorkerRegexRunner({ size: 1, timeoutMs: 300 });
beforeAll(() => {
  box.put('notes.txt', `first line\n${STUCK}\n`);
  box.put(`${STUCK}.txt`, 'x\n');
});
afterAll(async () => {
  await pool.close();
  box.cleanup();
});

it('grep: the time limit gives a result that names the limit and the cause', async () => {
  const grep = grepTool({ regex: pool });
  const text = await grep.execute({ pattern: HOSTILE }, box.ctx());
  expect(text).toContain('grep を打ち切りました');
  expect(text).toContain('0.3 秒');
  expect(text).toContain('(a+)+');
  expect(await grep.execute({ pattern: 'first' }, box.ctx())).toContain('notes.txt:1:first line');
});

it('grep: an interrupt ends the call at once with 中断', async () => {
  const slow = new WorkerRegexRunner({ size: 1, timeoutMs: 60_000 });
  try {
    const grep = grepTool({ regex: slow });
    const turn = new AbortController();
    setTimeout(() => turn.abort(), 300);
    expect(await grep.execute({ pattern: HOSTILE }, box.ctx({ signal: turn.signal }))).toBe(
      'grep は中断されました。',
    );
  } finally {
    await slow.close();
  }
});

it('fd: a hostile name pattern is stopped the same way', async () => {
  const fd = fdTool({ regex: pool });
  expect(await fd.execute({ pattern: HOSTILE }, box.ctx())).toContain('fd を打ち切りました');
  expect(await fd.execute({ pattern: 'notes' }, box.ctx())).toContain('notes.txt');
});

it('sd: one file and a batch preview are stopped the same way, and nothing is written', async () => {
  const sd = sdTool(NO_FENCE, pool);
  const single = await sd.execute(
    { pattern: HOSTILE, replacement: 'z', path: 'notes.txt', apply: true },
    box.ctx(),
  );
  expect(single).toContain('sd を打ち切りました');
  const batch = await sd.execute({ pattern: HOSTILE, replacement: 'z', paths: ['notes.txt'] }, box.ctx());
  expect(batch).toContain('sd を打ち切りました');
  const fine = await sd.execute({ pattern: 'first', replacement: 'second', path: 'notes.txt' }, box.ctx());
  expect(fine).toContain('+second line');
});
