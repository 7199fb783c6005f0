import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { readTextFile } from '../work-dir/read-text.ts';
import { resolveExisting } from '../work-dir/resolve.ts';
import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { unifiedDiff } from '../work-dir/unified-diff.ts';
import { DIFF_TEXTS } from './diff-texts.ts';
import { DIFF_DESCRIPTIONS } from './descriptions.ts';
import { renderDiff } from './render.ts';

function diffSpec(ctx: ToolSpecContext): ToolSpec {
  const d = DIFF_DESCRIPTIONS[ctx.language];
  return {
    name: 'diff',
    description: d.description,
    parameters: {
      type: 'object',
      properties: {
        path_a: { type: 'string', description: d.pathA },
        path_b: { type: 'string', description: d.pathB },
      },
      required: ['path_a', 'path_b'],
    },
  };
}

type Loaded = { ok: true; rel: string; text: string } | { ok: false; message: string };

/** One side: a string path, resolved inside the work folder, a text file of at most 2 MiB. */
async function load(workDir: string, name: string, raw: unknown, language: Language): Promise<Loaded> {
  if (typeof raw !== 'string' || raw.trim() === '')
    return { ok: false, message: DIFF_TEXTS[language].needPath(name) };
  const T = workDirTexts(language);
  const resolved = await resolveExisting(workDir, raw, language);
  if (!resolved.ok) return { ok: false, message: resolved.message };
  // Strict: a lossy decode could make two different files read as the same text.
  const read = await readTextFile(resolved.root, resolved.abs, true);
  switch (read.kind) {
    case 'ok':
      return { ok: true, rel: resolved.rel, text: read.text };
    case 'folder':
      return { ok: false, message: T.isFolder(resolved.rel) };
    case 'too_large':
      return { ok: false, message: T.tooLarge(resolved.rel, read.bytes) };
    case 'binary':
      return { ok: false, message: T.binary(resolved.rel) };
    case 'special':
      return { ok: false, message: T.special(resolved.rel) };
    case 'not_utf8':
      return { ok: false, message: T.notUtf8(resolved.rel) };
    case 'escaped':
      return { ok: false, message: T.swapped(resolved.rel) };
  }
}

async function runDiff(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const t = DIFF_TEXTS[ctx.language];
  if (ctx.workDir === null) return workDirTexts(ctx.language).workDirMissing;
  const a = await load(ctx.workDir, 'path_a', args.path_a, ctx.language);
  if (!a.ok) return a.message;
  const b = await load(ctx.workDir, 'path_b', args.path_b, ctx.language);
  if (!b.ok) return b.message;
  const diff = unifiedDiff(a.rel, b.rel, a.text, b.text);
  if (diff.oversized) return t.oversized(a.rel, b.rel);
  // An empty answer could read as success or failure alike: identical files say so.
  if (diff.text === '') return t.identical(a.rel, b.rel);
  return renderDiff(diff, ctx.language);
}

/** `diff`: a unified diff of two files of the work folder (ledger part 4 `bundled_tools_contract`). */
export function diffTool(): AgentTool {
  return {
    name: 'diff',
    wantsReason: true,
    specFor: diffSpec,
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      try {
        return await runDiff(args, ctx);
      } catch (error) {
        return workDirTexts(ctx.language).toolFailed('diff', error, DIFF_TEXTS[ctx.language].bothPaths);
      }
    },
  };
}
