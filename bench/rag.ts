/**
 * rag heading index benchmark: prints figures, asserts nothing. `npx tsx bench/rag.ts`
 *
 * The index is built on a root's first use and kept; later calls re-walk and stat the root but read
 * only changed files (issue 21: a search over 5,000 Markdown files should answer in under 300 ms
 * once warm). Beside it, a raw baseline over the same files: readdir + read every file + a
 * case-ignored line match, which is what each call would cost with no index.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ToolContext } from '../src/orchestrator/tool.ts';
import { ragTool } from '../src/tools/rag/rag-tool.ts';
import type { Village } from '../src/world/village.ts';

const FILES = 5_000;
const SECTIONS = 8;
const RUNS = 5;

const root = mkdtempSync(join(tmpdir(), 'fuseforks-bench-rag-'));
for (let f = 0; f < FILES; f += 1) {
  const dir = join(root, `d${f % 50}`);
  mkdirSync(dir, { recursive: true });
  const parts = [`# Document ${f}`];
  for (let s = 0; s < SECTIONS; s += 1) {
    parts.push(`## Section ${s}`, `Plain prose about topic ${s} of document ${f}.`, 'More text on a line.');
    if (f % 97 === 0 && s === 3) parts.push(`The needle lives in document ${f}.`);
  }
  writeFileSync(join(dir, `doc${f}.md`), `${parts.join('\n')}\n`);
}

const village = { state: { agents: [{ id: 'bench', ragSources: [root] }] } } as unknown as Village;
const ctx = { agentId: 'bench', language: 'en' } as unknown as ToolContext;
const tool = ragTool(village);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function rawBaseline(): number {
  let hits = 0;
  for (const dir of readdirSync(root)) {
    for (const name of readdirSync(join(root, dir))) {
      for (const line of readFileSync(join(root, dir, name), 'utf8').split('\n')) {
        if (line.toLowerCase().includes('needle')) hits += 1;
      }
    }
  }
  return hits;
}

try {
  const search = () => tool.execute({ op: 'search', pattern: 'needle' }, ctx);
  const first = await timed(search);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i += 1) warm.push(await timed(search));
  const raw: number[] = [];
  for (let i = 0; i < RUNS; i += 1) raw.push(await timed(rawBaseline));
  const warmMs = median(warm);
  const rawMs = median(raw);
  console.log(`rag over ${FILES.toLocaleString('en-US')} Markdown files (${SECTIONS} sections each)`);
  console.log(`  first search (builds the index):  ${first.toFixed(1)} ms`);
  console.log(`  warm search, median of ${RUNS}:        ${warmMs.toFixed(1)} ms (goal < 300 ms)`);
  console.log(`  raw readdir+read+match, median:   ${rawMs.toFixed(1)} ms`);
  console.log(`  warm / raw:                       ${(warmMs / rawMs).toFixed(2)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
