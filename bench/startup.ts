/**
 * Start-up time: prints figures, asserts nothing. `npx tsx bench/startup.ts`
 *
 * `node bin/fuseforks.mjs serve` on a fresh temp workspace (the UI and the server already built), timed
 * from the spawn to the "Fuseforks … is running." line, beside the same start through tsx
 * (FUSEFORKS_DEV=1, the old path) and a bare `node -e` printing a line (Node's own start-up). The
 * three are interleaved and rotated, several runs each; medians and ratios. Each server is stopped
 * with SIGTERM and waited for before the next run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureServerBuilt } from '../bin/server-build.mjs';
import { ensureUiBuilt } from '../src/server/web-ui.ts';

const RUNS = 7;
const GOAL_S = 0.6;
const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');
const RUNNING = / is running\.\n/;

interface Variant {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** A server to stop once the line is out (the baseline exits by itself). */
  server: boolean;
}

/** Seconds from spawn to the line; the process is then stopped and waited for. */
async function timeToLine(variant: Variant): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'fuseforks-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...variant.env,
    FUSEFORKS_HOME: join(root, 'home'),
    FUSEFORKS_WORKSPACE: join(root, 'ws'),
    FUSEFORKS_SECRET_STORE: 'file',
    FUSEFORKS_PORT: '0',
  };
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const seconds = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (RUNNING.test(out)) resolve((performance.now() - started) / 1000);
      });
      void exited.then((code) => reject(new Error(`${variant.name} exited ${code} early: ${out}${err}`)));
    });
    if (variant.server) {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`${variant.name} stopped with ${code}: ${err}`);
    }
    await exited;
    return seconds;
  } finally {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const variants: Variant[] = [
  // An empty FUSEFORKS_DEV counts as unset: the compiled build.
  { name: 'compiled', args: [BIN, 'serve'], env: { FUSEFORKS_DEV: '' }, server: true },
  { name: 'tsx', args: [BIN, 'serve'], env: { FUSEFORKS_DEV: '1' }, server: true },
  {
    name: 'node -e',
    args: ['-e', "process.stdout.write('Fuseforks 0 is running.\\n')"],
    env: {},
    server: false,
  },
];

await ensureUiBuilt((line) => console.log(line));
const build = await ensureServerBuilt({ progress: (line) => console.log(line) });
console.log(`start-up to "is running" (UI built, server build ${build.dir}), ${RUNS} runs each, interleaved`);
// One unmeasured start of each warms the file-system cache.
for (const variant of variants) await timeToLine(variant);
const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
for (let run = 0; run < RUNS; run++) {
  for (let i = 0; i < variants.length; i++) {
    const variant = variants[(run + i) % variants.length]!;
    times.get(variant.name)!.push(await timeToLine(variant));
  }
}
const compiled = median(times.get('compiled')!);
const tsx = median(times.get('tsx')!);
const bare = median(times.get('node -e')!);
const fmt = (s: number) => `${s.toFixed(3)} s`;
console.log(`  compiled (npm start)      ${fmt(compiled)}`);
console.log(`  tsx (FUSEFORKS_DEV=1)     ${fmt(tsx)}   compiled/tsx ${(compiled / tsx).toFixed(2)}x`);
console.log(
  `  node -e (Node alone)      ${fmt(bare)}   compiled/node ${(compiled / bare).toFixed(1)}x, ours beyond Node ${fmt(compiled - bare)}`,
);
console.log(`  goal <= ${GOAL_S} s: ${compiled <= GOAL_S ? 'met' : 'NOT met'} (${fmt(compiled)})`);
