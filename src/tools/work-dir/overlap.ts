import type { Language } from '../../domain/enums.ts';
import { realpath } from 'node:fs/promises';
import { relative, isAbsolute, resolve } from 'node:path';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';

/** The refusal in the village language (issue 22; the Japanese unchanged). */
export const OVERLAP_REFUSALS: Readonly<Record<Language, string>> = {
  ja: '作業フォルダが村の設定の置き場（ワークスペースまたはアプリのデータフォルダ）と重なっているため、このツールは使えません。そこには自分の run.json や会話の記録があり、書き換えると人の承認を飛び越えられてしまいます。利用者に、それらを含まない別のフォルダを作業フォルダにするよう頼んでください。',
  en: "The work folder overlaps where the village keeps its settings (the workspace or the app's data folder), so this tool cannot be used. Your own run.json and the conversation records live there, and changing them could bypass a person's approval. Ask the user to choose another work folder, one that contains neither of them.",
};

/** The Japanese refusal (the tests quote it). */
export const OVERLAP_REFUSAL = OVERLAP_REFUSALS.ja;

async function real(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return resolve(path);
  }
}

function within(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Whether the work folder contains, or lies inside, the village workspace or the app data folder.
 * Inside such a folder the write tools could edit the agent's own run.json (approving its own
 * commands), world.json or the secrets file, so the work-folder tools refuse to run there.
 */
export async function overlapsVillageFiles(ctx: Pick<ToolContext, 'workDir' | 'paths'>): Promise<boolean> {
  if (ctx.workDir === null) return false;
  const work = await real(ctx.workDir);
  for (const guarded of [ctx.paths.workspace, ctx.paths.home]) {
    const dir = await real(guarded);
    if (within(work, dir) || within(dir, work)) return true;
  }
  return false;
}

/** The tool, refusing to act while its work folder overlaps the village's own files. */
export function guardedByOverlap(tool: AgentTool): AgentTool {
  return {
    name: tool.name,
    wantsReason: tool.wantsReason,
    specFor: (ctx) => tool.specFor(ctx),
    execute: async (args, ctx) =>
      (await overlapsVillageFiles(ctx)) ? OVERLAP_REFUSALS[ctx.language] : tool.execute(args, ctx),
  };
}
