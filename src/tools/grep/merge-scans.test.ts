/** A grep scan cut into slices (one per worker) and merged is the scan of the whole, budgets included. */
import { realpathSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toolSandbox } from '../test-kit.ts';
import { inlineRegexRunner } from '../regex-worker/runner.ts';
import { toSource, type GrepJob } from '../regex-worker/jobs.ts';
import { mergeScans } from './merge-scans.ts';
import { scanFiles, type ScanOptions, type ScanTarget } from './scan.ts';
import { scanInSlices } from './scan-slices.ts';

const box = toolSandbox();
const targets: ScanTarget[] = [];
let root: string;

beforeAll(() => {
  for (let f = 0; f < 700; f += 1) {
    const rel = `d${f % 7}/f${String(f).padStart(3, '0')}.${f % 5 === 0 ? 'md' : 'ts'}`;
    const lines = Array.from({ length: 12 }, (_, i) =>
      (f + i) % 9 === 0 ? `needle ${f} ${i} ${'x'.repeat((f * 37) % 300)}` : `plain line ${i}\r`,
    );
    if (f % 50 === 1) box.put(rel, Uint8Array.from([0x6e, 0x00]));
    else box.put(rel, `${lines.join('\n')}\n`);
    targets.push({ rel, abs: `${box.workDir}/${rel}`, name: rel.split('/').pop()! });
  }
  root = realpathSync(box.workDir);
  for (const target of targets) target.abs = `${root}/${target.rel}`;
});
afterAll(() => box.cleanup());

const options = (over: Partial<ScanOptions> = {}): ScanOptions => ({
  root,
  pattern: /needle/u,
  include: null,
  context: 0,
  countOnly: false,
  ...over,
});

const cases: [string, Partial<ScanOptions>][] = [
  ['literal', {}],
  ['regex, context 2', { pattern: /needle \d+ [0-4]\b/u, context: 2 }],
  ['include and count only', { include: /\.ts$/u, countOnly: true }],
  ['few matches', { pattern: /needle 69[0-9] /u, context: 1 }],
];

it.each(cases)('merged slices equal the whole scan: %s', async (_name, over) => {
  const whole = await scanFiles(targets, options(over));
  expect(whole.skipped.binary).toBe(14);
  for (const size of [1, 7, 100, 256, 699]) {
    const slices = [];
    for (let at = 0; at < targets.length; at += size) {
      slices.push(await scanFiles(targets.slice(at, at + size), options(over)));
    }
    expect(mergeScans(slices), `slices of ${size}`).toEqual(whole);
  }
});

it('the literal shortcut finds what the same pattern as a regex finds', async () => {
  const literal = await scanFiles(targets, options({ pattern: /needle 6/u, context: 1 }));
  const regex = await scanFiles(targets, options({ pattern: /(?:needle 6)/u, context: 1 }));
  expect(literal.total).toBeGreaterThan(0);
  expect(literal).toEqual(regex);
});

it('scanInSlices over a runner gives the whole scan', async () => {
  const job: GrepJob = {
    kind: 'grep',
    root,
    targets,
    pattern: toSource(/needle \d+ 1/u),
    include: null,
    context: 1,
    countOnly: false,
  };
  const outcome = await scanInSlices(inlineRegexRunner(), job, new AbortController().signal);
  expect(outcome).toEqual({
    ok: true,
    value: await scanFiles(targets, options({ pattern: /needle \d+ 1/u, context: 1 })),
  });
});
