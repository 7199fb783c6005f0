import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { readTextFile } from '../work-dir/read-text.ts';
import { resolveExisting } from '../work-dir/resolve.ts';
import { T } from '../work-dir/texts.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { MAX_EDIT_LINES, unifiedDiff } from '../work-dir/unified-diff.ts';
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
async function load(workDir: string, name: string, raw: unknown): Promise<Loaded> {
  if (typeof raw !== 'string' || raw.trim() === '') {
    return {
      ok: false,
      message: `${name} に比べるファイルを作業フォルダからの相対パス（文字列）で指定してください。`,
    };
  }
  const resolved = await resolveExisting(workDir, raw);
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
  if (ctx.workDir === null) return T.workDirMissing;
  const a = await load(ctx.workDir, 'path_a', args.path_a);
  if (!a.ok) return a.message;
  const b = await load(ctx.workDir, 'path_b', args.path_b);
  if (!b.ok) return b.message;
  const diff = unifiedDiff(a.rel, b.rel, a.text, b.text);
  if (diff.oversized) {
    return `差分が大きすぎるため表示しません: ${a.rel} と ${b.rel}（変更が ${MAX_EDIT_LINES.toLocaleString('en-US')} 行を超え、${MAX_OUTPUT_CHARS.toLocaleString('en-US')} 字に収まりません）。違いのある箇所は grep で探し、小さなファイル同士で比べてください。`;
  }
  // An empty answer could read as success or failure alike: identical files say so.
  if (diff.text === '') return `同一です: ${a.rel} と ${b.rel} の内容は同じです。`;
  return renderDiff(diff);
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
        return T.toolFailed('diff', error, 'path_a と path_b');
      }
    },
  };
}
