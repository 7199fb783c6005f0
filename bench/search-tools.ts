/**
 * Search tools against their baselines: prints figures, asserts nothing. `npx tsx bench/search-tools.ts`
 *
 * A generated tree of ~20,000 files (nested folders, mixed sizes, a few binary and over-limit files,
 * hidden and build-output folders the tools never enter) is searched by our grep tool (a literal and
 * a regex) and fd tool (a name pattern), interleaved with `rg` and `fdfind` run on the same tree with
 * the flags that make them look at the same files. Medians, both figures and the ratio; the results
 * are compared (same files and per-file match counts, same entries) and a difference is said plainly.
 * When `rg` or `fdfind` is missing, that comparison is skipped with a line saying so.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MemoryDiagLog } from '../src/diag/log.ts';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentTool, ToolContext } from '../src/orchestrator/tool.ts';
import { fdTool } from '../src/tools/fd/fd-tool.ts';
import { grepTool } from '../src/tools/grep/grep-tool.ts';
import { MAX_FILE_BYTES, SKIP_DIRS } from '../src/tools/work-dir/limits.ts';
import { VillagePaths } from '../src/world/paths.ts';

const VISIBLE_FILES = 19_500;
const IGNORED_FILES = 600;
const RUNS = 5;
const LITERAL = 'needle_literal';
const REGEX = 'fn_[a-z]+\\(\\d{2,}\\)';
const NAME = 'mod_1[0-9]*\\.ts$';

/** A small deterministic generator: the tree is the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Lines to cut files from: made once, so generating hundreds of MB stays quick. */
function linePool(random: () => number): string[] {
  return Array.from({ length: 4_096 }, (_, i) => {
    const roll = random();
    if (roll < 0.004) return `const hit = ${LITERAL}(${i});`;
    if (roll < 0.01) return `  return fn_${'abcdefgh'[i % 8]}x(${Math.floor(random() * 1000)});`;
    return `let value_${i} = compute(${i}, 'text of line ${i}', ${roll.toFixed(6)});`;
  });
}

function textFile(random: () => number, pool: readonly string[], bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let at = Math.floor(random() * pool.length); size < bytes; at = (at + 1) % pool.length) {
    lines.push(pool[at]!);
    size += pool[at]!.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** Sizes: mostly small, some tens of KiB, a few hundreds of KiB; a handful over the 2 MiB limit. */
function sizeFor(random: () => number): number {
  const roll = random();
  if (roll < 0.7) return 500 + Math.floor(random() * 4_000);
  if (roll < 0.95) return 8_000 + Math.floor(random() * 24_000);
  return 100_000 + Math.floor(random() * 150_000);
}

function generate(root: string): { bytes: number } {
  const random = rng(24);
  const pool = linePool(random);
  let bytes = 0;
  const put = (rel: string, content: string | Buffer): void => {
    const abs = join(root, rel);
    mkdirSync(join(abs, '..'), { recursive: true });
    writeFileSync(abs, content);
    bytes += content.length;
  };
  for (let f = 0; f < VISIBLE_FILES; f += 1) {
    const dir = `pkg${f % 12}/area${Math.floor(f / 12) % 15}/part${Math.floor(f / 180) % 9}`;
    if (f % 997 === 5)
      put(`${dir}/blob${f}.bin`, Buffer.concat([Buffer.from([0, 1, 2]), Buffer.alloc(5000, 7)]));
    else if (f % 4000 === 17) put(`${dir}/huge${f}.log`, textFile(random, pool, MAX_FILE_BYTES + 4096));
    else if (f % 50 === 3) put(`${dir}/.hidden${f}.ts`, textFile(random, pool, sizeFor(random)));
    else put(`${dir}/mod_${f}.${f % 3 === 0 ? 'md' : 'ts'}`, textFile(random, pool, sizeFor(random)));
  }
  const ignored = [...SKIP_DIRS, '.git', '.cache'];
  for (let f = 0; f < IGNORED_FILES; f += 1) {
    const top = ignored[f % ignored.length]!;
    put(`pkg${f % 12}/${top}/x${f % 7}/mod_${f}.ts`, textFile(random, pool, 2_000));
  }
  put('.gitignore', `${[...SKIP_DIRS].map((d) => `${d}/`).join('\n')}\n`);
  return { bytes };
}

function context(workDir: string, root: string): ToolContext {
  return {
    agentId: 'bench' as AgentId,
    workDir,
    usesBlackboard: false,
    language: 'en',
    agentNames: new Map(),
    paths: new VillagePaths(join(root, 'workspace'), join(root, 'home')),
    log: new MemoryDiagLog(),
    signal: new AbortController().signal,
  };
}

const has = (bin: string): boolean => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0;

/** Flags that make rg/fdfind look where our tools look: no ignore files, hidden files yes, hidden and build folders no. */
const EXCLUDES = ['.*/', ...[...SKIP_DIRS].map((d) => `${d}/`)];
const rgBase = ['--no-ignore', '--hidden', '--no-messages', `--max-filesize=${MAX_FILE_BYTES}`];
const rgGlobs = EXCLUDES.flatMap((glob) => ['-g', `!${glob}`]);
const fdBase = [
  '--no-ignore',
  '--hidden',
  '--ignore-case',
  '-t',
  'f',
  '-t',
  'd',
  ...EXCLUDES.flatMap((e) => ['-E', e]),
];

function run(bin: string, args: string[], cwd: string): string {
  const out = spawnSync(bin, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (out.error) throw out.error;
  return out.stdout;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Per-file match counts from `rg --count` output ("path:count"). */
function rgCounts(output: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    const at = line.lastIndexOf(':');
    if (at > 0) counts.set(line.slice(0, at).replace(/^\.\//u, ''), Number(line.slice(at + 1)));
  }
  return counts;
}

/** The total our grep tool states ("Matches: N in all (M files)"). */
function ourTotal(text: string): { total: number; files: number } | null {
  const found = /Matches: ([\d,]+) in all \(([\d,]+) file/u.exec(text);
  if (found === null) return null;
  return { total: Number(found[1]!.replace(/,/gu, '')), files: Number(found[2]!.replace(/,/gu, '')) };
}

/** The entry count our fd tool states ("Matches: N in all (…)"). */
function ourEntries(text: string): number | null {
  const found = /Matches: ([\d,]+) in all/u.exec(text);
  return found === null ? null : Number(found[1]!.replace(/,/gu, ''));
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'fuseforks-bench-search-'));
  const workDir = join(root, 'work');
  mkdirSync(workDir);
  mkdirSync(join(root, 'workspace'));
  mkdirSync(join(root, 'home'));
  const genStart = performance.now();
  const { bytes } = generate(workDir);
  const real = realpathSync(workDir);
  console.log(
    `search tools: tree of ${(VISIBLE_FILES + IGNORED_FILES).toLocaleString('en-US')} files, ` +
      `${(bytes / 1e6).toFixed(0)} MB, generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s; median of ${RUNS}`,
  );
  const ctx = context(real, root);
  const grep = grepTool();
  const fd = fdTool();
  const haveRg = has('rg');
  const haveFd = has('fdfind');
  if (!haveRg) console.log('  skipped: rg not installed (grep figures are ours alone)');
  if (!haveFd) console.log('  skipped: fdfind not installed (fd figures are ours alone)');
  // rg reads stdin when it is not a terminal and no path is given: '.' is passed always.
  // Warm the page cache and the worker pool once.
  if (haveRg) run('rg', [...rgBase, ...rgGlobs, '--count', LITERAL, '.'], real);
  await grep.execute({ pattern: LITERAL }, ctx);

  const cases: {
    label: string;
    tool: AgentTool;
    args: Record<string, unknown>;
    bin: string | null;
    baseline: string[];
  }[] = [
    {
      label: `grep literal ${LITERAL}`,
      tool: grep,
      args: { pattern: LITERAL },
      bin: haveRg ? 'rg' : null,
      baseline: [...rgBase, ...rgGlobs, '-n', LITERAL, '.'],
    },
    {
      label: `grep regex ${REGEX}`,
      tool: grep,
      args: { pattern: REGEX },
      bin: haveRg ? 'rg' : null,
      baseline: [...rgBase, ...rgGlobs, '-n', REGEX, '.'],
    },
    {
      label: `fd name ${NAME}`,
      tool: fd,
      args: { pattern: NAME },
      bin: haveFd ? 'fdfind' : null,
      baseline: [...fdBase, NAME],
    },
  ];
  for (const c of cases) {
    const ours: number[] = [];
    const theirs: number[] = [];
    let text = '';
    for (let r = 0; r < RUNS; r += 1) {
      let start = performance.now();
      text = await c.tool.execute(c.args, ctx);
      ours.push(performance.now() - start);
      if (c.bin !== null) {
        start = performance.now();
        run(c.bin, c.baseline, real);
        theirs.push(performance.now() - start);
      }
    }
    const oursMs = median(ours);
    if (c.bin === null) {
      console.log(`  ${c.label.padEnd(40)} ours ${oursMs.toFixed(0)} ms`);
      continue;
    }
    const theirsMs = median(theirs);
    console.log(
      `  ${c.label.padEnd(40)} ours ${oursMs.toFixed(0)} ms, ${c.bin} ${theirsMs.toFixed(0)} ms, ratio ${(oursMs / theirsMs).toFixed(1)}x`,
    );
    console.log(`    ${compare(c, text, real)}`);
  }
  rmSync(root, { recursive: true, force: true });
}

/** Whether our tool and the baseline found the same thing, in one line. */
function compare(
  c: { tool: AgentTool; args: Record<string, unknown>; bin: string | null },
  text: string,
  cwd: string,
): string {
  if (c.tool.name === 'grep') {
    const counts = rgCounts(run('rg', [...rgBase, ...rgGlobs, '--count', String(c.args.pattern), '.'], cwd));
    const rgTotal = [...counts.values()].reduce((a, b) => a + b, 0);
    const ours = ourTotal(text);
    if (ours === null) return `results differ: our output has no total line: ${text.slice(0, 200)}`;
    const same = ours.total === rgTotal && ours.files === counts.size;
    return same
      ? `same results: ${rgTotal.toLocaleString('en-US')} matching lines in ${counts.size} files`
      : `results differ: ours ${ours.total} lines in ${ours.files} files, rg ${rgTotal} lines in ${counts.size} files`;
  }
  const listed = run('fdfind', [...fdBase, String(c.args.pattern)], cwd)
    .split('\n')
    .filter((l) => l !== '');
  const ours = ourEntries(text);
  return ours === listed.length
    ? `same results: ${listed.length} entries`
    : `results differ: ours ${ours} entries, fdfind ${listed.length}`;
}

await main();
