/** One contract for every RegexRunner: the same jobs give the same results on each implementation. */
import { realpathSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { toolSandbox } from '../test-kit.ts';
import { toSource } from './jobs.ts';
import { inlineRegexRunner, type RegexRunner } from './runner.ts';
import { WorkerRegexRunner } from './worker-pool.ts';

const live = new AbortController().signal;

const implementations: [string, () => RegexRunner][] = [
  ['inline', () => inlineRegexRunner()],
  ['worker pool', () => new WorkerRegexRunner({ size: 1 })],
];

describe.each(implementations)('RegexRunner contract: %s', (_name, make) => {
  const runner = make();
  const box = toolSandbox();
  afterAll(async () => {
    await runner.close();
    box.cleanup();
  });

  it('grep: reads the targets, filters by include, counts and renders matching lines', async () => {
    const a = box.put('a.ts', 'const alpha = 1;\nconst beta = 2;\n// alpha again\n');
    const b = box.put('b.md', 'alpha in a note\n');
    const outcome = await runner.run(
      {
        kind: 'grep',
        root: realpathSync(box.workDir),
        targets: [
          { rel: 'a.ts', abs: a, name: 'a.ts' },
          { rel: 'b.md', abs: b, name: 'b.md' },
        ],
        pattern: toSource(/alpha/u),
        include: toSource(/\.ts$/u),
        context: 0,
        countOnly: false,
      },
      live,
    );
    if (!outcome.ok) throw new Error(`job failed: ${outcome.failure}`);
    expect(outcome.value.total).toBe(2);
    expect(outcome.value.excludedByInclude).toBe(1);
    expect(outcome.value.files).toEqual([{ rel: 'a.ts', count: 2 }]);
    expect(outcome.value.candidates.flatMap((w) => w.rows.map((r) => r.text))).toEqual([
      'a.ts:1:const alpha = 1;',
      'a.ts:3:// alpha again',
    ]);
  });

  it('names: the indices of the matching names, with the flags kept', async () => {
    const outcome = await runner.run(
      { kind: 'names', names: ['README.md', 'main.ts', 'Notes.MD'], pattern: toSource(/\.md$/iu) },
      live,
    );
    expect(outcome).toEqual({ ok: true, value: [0, 2] });
  });

  it('replace: every match of every text through the template, with the count', async () => {
    const outcome = await runner.run(
      {
        kind: 'replace',
        pattern: toSource(/(\w+)@(\w+)/gu),
        template: [
          { kind: 'group', ref: 2 },
          { kind: 'text', text: ' at ' },
          { kind: 'group', ref: 1 },
        ],
        texts: ['a@b and c@d', 'none here'],
      },
      live,
    );
    expect(outcome).toEqual({
      ok: true,
      value: [
        { text: 'b at a and d at c', count: 2 },
        { text: 'none here', count: 0 },
      ],
    });
  });

  it('a job whose signal is already aborted does not run', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runner.run(
      { kind: 'names', names: ['x'], pattern: toSource(/x/u) },
      controller.signal,
    );
    expect(outcome).toMatchObject({ ok: false, failure: 'aborted' });
  });

  it('a pattern that throws while running is a crashed outcome, not a thrown error', async () => {
    // Compiling happens where the job runs: an invalid source fails there and is reported.
    const outcome = await runner.run(
      { kind: 'names', names: ['x'], pattern: { source: '(', flags: 'u' } },
      live,
    );
    expect(outcome).toMatchObject({ ok: false, failure: 'crashed' });
    const after = await runner.run({ kind: 'names', names: ['x'], pattern: toSource(/x/u) }, live);
    expect(after).toEqual({ ok: true, value: [0] });
  });
});
