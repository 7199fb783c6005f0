import type { Language } from '../../domain/enums.ts';
import type { ToolContext } from '../../orchestrator/tool.ts';
import type { FencedOp, WriteFence } from '../work-dir/fence.ts';
import { isUnderBlackboard } from './layout.ts';

/** The tool and op a fenced change came from, as the `blackboard fence:` line names them. */
function origin(op: FencedOp): { tool: string; op: string } {
  if (op === 'sd_apply') return { tool: 'sd', op: 'apply' };
  if (op === 'yq_write') return { tool: 'yq', op: 'write' };
  return { tool: 'file', op };
}

const REFUSAL: Record<
  Language,
  { useTool: string; optedOut: string; previewNote: string; batchNote: (rels: string[]) => string }
> = {
  ja: {
    previewNote: '（blackboard/ の下なので、apply では書き込めません）',
    batchNote: (rels) => `（blackboard/ の下なので、apply では書き込めません: ${rels.join(', ')}）`,
    useTool:
      'blackboard/ の下は file・sd・yq では書き換えられません。黒板のメモは blackboard ツール（list・read・write・append・move・remove）で扱ってください。',
    optedOut:
      'blackboard/ の下は file・sd・yq では書き換えられません。このサーヴァントは黒板を使わない設定です。',
  },
  en: {
    previewNote: '(This is under blackboard/: apply cannot write it.)',
    batchNote: (rels) => `(Under blackboard/, so apply cannot write: ${rels.join(', ')})`,
    useTool:
      'Nothing under blackboard/ can be changed with file, sd or yq. Handle blackboard notes with the blackboard tool (list, read, write, append, move, remove).',
    optedOut:
      'Nothing under blackboard/ can be changed with file, sd or yq. This servant is set not to use the blackboard.',
  },
};

/**
 * The blackboard fence (ledger part 1 §5.8, Spec 55): a change by `file`, `sd` or `yq` that touches a
 * resolved path under `blackboard/` is refused, so notes only change through the blackboard tool and
 * its ownership rules. Reads and `run` never reach here.
 */
export const BLACKBOARD_FENCE: WriteFence = {
  refuse(ctx: ToolContext, op: FencedOp, rels: readonly string[]): string | null {
    if (!rels.some(isUnderBlackboard)) return null;
    const from = origin(op);
    ctx.log.note(`blackboard fence: agent=${ctx.agentId} tool=${from.tool} op=${from.op}`);
    const text = REFUSAL[ctx.language];
    return ctx.usesBlackboard ? text.useTool : text.optedOut;
  },
  previewNote(ctx: ToolContext, rels: readonly string[]): string | null {
    const fenced = rels.filter(isUnderBlackboard);
    if (fenced.length === 0) return null;
    // A batch preview shows several files: the line names the ones apply could not write.
    return rels.length === 1 ? REFUSAL[ctx.language].previewNote : REFUSAL[ctx.language].batchNote(fenced);
  },
};
