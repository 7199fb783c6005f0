/**
 * Attachment conversion benchmark: prints figures, asserts nothing. `npx tsx bench/attachments.ts`
 *
 * A 12-megapixel photo-like image (4000 x 3000: gradients plus per-pixel noise, JPEG quality 90,
 * generated here with sharp) goes through `storeAttachment`: detect, refuse-animated check, decode,
 * EXIF rotate, resize to the 1568 px edge, WebP, atomic write into a temp workspace. Printed:
 * - time: the median of several runs in this process;
 * - peak memory: each path runs once in a fresh child process (modules loaded and the file read
 *   first) and reports RSS right before, the highest RSS sampled every 2 ms while it runs (libvips
 *   works off the main thread, so the sampler keeps running), the process's maxRSS before and after
 *   (a high-water of the whole process: start-up, tsx's transform included, usually already sits
 *   above the conversion, and then it does not move), and libvips' own tracked-buffer high-water.
 *   A sampled peak can miss a spike shorter than 2 ms; it is a floor, maxRSS a ceiling;
 * - the stored size and the request a wire sends: the OpenAI-compatible body built by the real
 *   encoder, split into the base64 of the image and the JSON around it.
 * Beside it the raw baseline: bare sharp (the same decode options, rotate, resize, webp) on the same
 * bytes, no detection, no checks, no file, and the ratio between the two. libvips' operation cache
 * is off in both, so no run is served from an earlier one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ATTACHMENT_IMAGE_MAX_EDGE_PX } from '../src/domain/attachment.ts';
import { parseModelTemplateId } from '../src/domain/ids.ts';
import { TEMPLATE_DEFAULTS } from '../src/domain/template.ts';
import type { ChatRequest } from '../src/llm/canonical.ts';
import { encodeOpenAiCompatRequest } from '../src/llm/wires/openai-compat/encode-openai-compat-request.ts';
import {
  ATTACHMENT_IMAGE_MAX_INPUT_PIXELS,
  STORED_WEBP_QUALITY,
} from '../src/world/attachments/image-convert.ts';
import { checkAttachment, readAttachmentData, storeAttachment } from '../src/world/attachments/index.ts';
import { VillagePaths } from '../src/world/paths.ts';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 7;

sharp.cache(false);

/** Gradients in three directions plus noise from a fixed-seed generator: JPEG cannot squeeze it flat. */
async function photoLikeJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 0x2545f491;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const noise = ((seed >>> 24) & 0x3f) - 32;
      const at = (y * WIDTH + x) * 3;
      raw[at] = Math.max(0, Math.min(255, (x * 255) / WIDTH + noise));
      raw[at + 1] = Math.max(0, Math.min(255, (y * 255) / HEIGHT + noise));
      raw[at + 2] = Math.max(0, Math.min(255, ((x + y) * 255) / (WIDTH + HEIGHT) + noise));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The raw baseline: what sharp alone does with the same bytes. */
async function bareSharp(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: 'error', limitInputPixels: ATTACHMENT_IMAGE_MAX_INPUT_PIXELS })
    .rotate()
    .resize({
      width: ATTACHMENT_IMAGE_MAX_EDGE_PX,
      height: ATTACHMENT_IMAGE_MAX_EDGE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: STORED_WEBP_QUALITY })
    .toBuffer();
}

function workspace(): { paths: VillagePaths; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'fuseforks-bench-attach-'));
  return {
    paths: new VillagePaths(join(base, 'ws'), join(base, 'home')),
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

async function store(paths: VillagePaths, bytes: Buffer) {
  const input = { fileName: 'photo.jpg', bytes };
  return storeAttachment(paths, input, checkAttachment(input));
}

interface Peak {
  /** RSS right before the conversion (KB). */
  rssBefore: number;
  /** The process's RSS high-water before and after it (KB). */
  maxBefore: number;
  maxAfter: number;
  /** The highest RSS seen while it ran, sampled every 2 ms (libvips works off the main thread) (KB). */
  sampledPeak: number;
  /** libvips' own tracked allocations, high-water (bytes): the pixel buffers of the pipeline. */
  vipsHigh: number;
}

/** Child mode: one conversion, then the memory figures of {@link Peak} as JSON on stdout. */
async function child(mode: string, file: string): Promise<void> {
  const bytes = readFileSync(file);
  const { paths, cleanup } = workspace();
  try {
    const rssBefore = Math.round(process.memoryUsage().rss / 1024);
    const maxBefore = process.resourceUsage().maxRSS;
    let sampledPeak = rssBefore;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, Math.round(process.memoryUsage().rss / 1024));
    }, 2);
    if (mode === 'store') await store(paths, bytes);
    else await bareSharp(bytes);
    clearInterval(sampler);
    const maxAfter = process.resourceUsage().maxRSS;
    // sharp.cache() without an argument only reads the stats; `high` is in MB there.
    const vipsHigh = Math.round(sharp.cache().memory.high * 1_000_000);
    process.stdout.write(
      JSON.stringify({ rssBefore, maxBefore, maxAfter, sampledPeak, vipsHigh } satisfies Peak),
    );
  } finally {
    cleanup();
  }
}

function peakInChild(mode: 'store' | 'raw', file: string): Peak {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, [...process.execArgv, self, '--child', mode, file], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`child ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Peak;
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const costs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    costs.push(performance.now() - start);
  }
  costs.sort((a, b) => a - b);
  return costs[Math.floor(costs.length / 2)]!;
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

async function main(): Promise<void> {
  const photo = await photoLikeJpeg();
  const { paths, cleanup } = workspace();
  const file = join(paths.workspace, '..', 'photo.jpg');
  try {
    writeFileSync(file, photo);
    const storeMs = await median(RUNS, () => store(paths, photo));
    const rawMs = await median(RUNS, () => bareSharp(photo));
    const ref = await store(paths, photo);
    const data = (await readAttachmentData(paths, ref))!;
    const request: ChatRequest = {
      system: { stable: 'You are a helpful servant.', volatile: '' },
      messages: [{ role: 'user', content: 'What is in this photo?', attachments: [data] }],
      tools: [],
      toolChoice: 'auto',
      effort: null,
      temperature: null,
      maxOutputTokens: 8192,
    };
    const template = {
      ...TEMPLATE_DEFAULTS,
      id: parseModelTemplateId('bench'),
      name: 'Bench',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4.1-mini',
      provider: 'open_ai_compat' as const,
    };
    const body = JSON.stringify(
      encodeOpenAiCompatRequest(request, { provider: 'open_ai_compat', model: template.model, template }),
    );
    const bodyBytes = Buffer.byteLength(body);
    const storePeak = peakInChild('store', file);
    const rawPeak = peakInChild('raw', file);

    console.log(
      `attachments: a ${WIDTH}x${HEIGHT} (12 MP) photo-like JPEG q90 of ${mb(photo.length)} to the stored WebP`,
    );
    console.log(
      `  storeAttachment  median ${storeMs.toFixed(0)} ms (${RUNS} runs)  -> ${ref.width}x${ref.height} WebP ${mb(ref.byteLength!)}`,
    );
    console.log(
      `  baseline         median ${rawMs.toFixed(0)} ms (bare sharp rotate+resize+webp, same bytes)`,
    );
    console.log(`  ratio            ${(storeMs / rawMs).toFixed(2)}x`);
    const memory = (label: string, peak: Peak) =>
      console.log(
        `  memory ${label.padEnd(10)} RSS ${mbOfKb(peak.rssBefore)} before, sampled peak ${mbOfKb(peak.sampledPeak)} ` +
          `(+${mbOfKb(peak.sampledPeak - peak.rssBefore)}); maxRSS ${mbOfKb(peak.maxBefore)} -> ${mbOfKb(peak.maxAfter)}; ` +
          `libvips buffers high-water ${mb(peak.vipsHigh)}`,
      );
    console.log(
      '  (memory: one conversion in a fresh child process, modules loaded and the file read first; maxRSS is the ' +
        'whole process high-water, so it moves only when the conversion goes above what start-up already reached)',
    );
    memory('store', storePeak);
    memory('bare sharp', rawPeak);
    console.log(
      `  request (OpenAI-compatible body): ${mb(bodyBytes)} = base64 ${data.data.length} chars + JSON ${bodyBytes - data.data.length} bytes`,
    );
  } finally {
    cleanup();
    rmSync(file, { force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
