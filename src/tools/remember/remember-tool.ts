import type { Language } from '../../domain/enums.ts';
import { readConfigFile, writeConfigFile } from '../../world/config-files.ts';
import type { Village } from '../../world/village.ts';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';

export const MEMORY_MAX_CHARS = 12_000;
export const NOTE_MAX_CHARS = 1_000;

const DESCRIPTION = {
  ja: {
    description:
      '覚えておくべきことを自分の Memory.md に 1 行追記します。Memory.md は以後のすべてのターンのシステムプロンプトに入ります。短く、後で役立つ事実だけを書いてください。',
    note: '追記する 1 行（改行は空白に置き換えます）',
  },
  en: {
    description:
      'Append one line to your Memory.md. Memory.md goes into the system prompt of every later turn: keep it short, facts that will help later.',
    note: 'The line to append (line breaks become spaces)',
  },
};

/**
 * Results in the village language: issue 22 goes past ledger Spec 35 D4 (tool results not translated),
 * an English village's model quoted the Japanese back. The Japanese are unchanged.
 */
export const REMEMBER_RESULTS = {
  ja: {
    empty: '追記する内容が空です。',
    tooLong: (n: number) => `1 回の追記は ${n} 字までです。短くしてください。`,
    full: (n: number) =>
      `Memory.md が上限（${n} 字）に達するため追記しませんでした。人に整理を頼んでください。`,
    done: (chars: number) => `Memory.md に追記しました（全 ${chars} 字）。`,
  },
  en: {
    empty: 'There is nothing to append.',
    tooLong: (n: number) => `One append takes at most ${n} characters. Make it shorter.`,
    full: (n: number) =>
      `Memory.md would go over its limit (${n} characters), so nothing was appended. Ask a person to tidy it.`,
    done: (chars: number) => `Appended to Memory.md (${chars} characters in all).`,
  },
} as const satisfies Record<Language, unknown>;

/** `remember`: the agent's only way to write its Memory.md (one line at a time). */
export function rememberTool(village: Village): AgentTool {
  return {
    name: 'remember',
    wantsReason: true,
    specFor: (ctx) => ({
      name: 'remember',
      description: DESCRIPTION[ctx.language].description,
      parameters: {
        type: 'object',
        properties: { note: { type: 'string', description: DESCRIPTION[ctx.language].note } },
        required: ['note'],
      },
    }),
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      const t = REMEMBER_RESULTS[ctx.language];
      const note = typeof args.note === 'string' ? args.note.replace(/[\r\n]+/g, ' ').trim() : '';
      if (note === '') return t.empty;
      if ([...note].length > NOTE_MAX_CHARS) return t.tooLong(NOTE_MAX_CHARS);
      return village.withAgentFiles(ctx.agentId, async () => {
        const current = await readConfigFile(ctx.paths, ctx.agentId, 'memory');
        const separator = current === '' || current.endsWith('\n') ? '' : '\n';
        const next = `${current}${separator}- ${note}\n`;
        if ([...next].length > MEMORY_MAX_CHARS) return t.full(MEMORY_MAX_CHARS);
        await writeConfigFile(ctx.paths, ctx.agentId, 'memory', next);
        return t.done([...next].length);
      });
    },
  };
}
