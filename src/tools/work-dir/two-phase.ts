import type { ToolContext } from '../../orchestrator/tool.ts';
import type { FencedOp, WriteFence } from './fence.ts';
import { MAX_OUTPUT_CHARS } from './limits.ts';
import { unifiedDiff } from './unified-diff.ts';
import { insideFailure } from './inside-error.ts';
import { replaceFileContent } from './write-file.ts';
import { charCount, errorDetail, writeTexts } from './write-texts.ts';

const BOM = '\uFEFF';

export interface EditOutcome {
  ctx: ToolContext;
  fence: WriteFence;
  op: Extract<FencedOp, 'sd_apply' | 'yq_write'>;
  /** The work folder's real path (the resolver's `root`). */
  root: string;
  abs: string;
  rel: string;
  before: string;
  after: string;
  apply: boolean;
  /** What the edit does, e.g. 「3 箇所を置換」, in the village language. */
  what: string;
  /** Why nothing changes when `after` equals `before`. */
  sameWhy: string;
  /** What to do when the diff is over the limit. */
  tooLargeHint: string;
}

/**
 * The two-phase end of every write (ledger `write_tools_contract`): identical → "no change"; a diff
 * over 12,000 characters → refused with stats, preview or apply alike; preview → the diff, nothing
 * written; apply → the fence, then an atomic replace, and the diff marked 「適用済み」.
 */
export async function finishEdit(edit: EditOutcome): Promise<string> {
  const { rel, before, after } = edit;
  const W = writeTexts(edit.ctx.language);
  if (before === after) return W.noChange(rel, edit.sameWhy);
  const diff = unifiedDiff(rel, rel, before, after);
  if (diff.oversized) return W.diffUncountable(rel, edit.tooLargeHint);
  const chars = charCount(diff.text);
  if (chars > MAX_OUTPUT_CHARS) return W.diffTooLarge(rel, chars, diff.stats, edit.tooLargeHint);
  if (!edit.apply) {
    const preview = W.preview(rel, edit.what, diff.stats, diff.text);
    const note = edit.fence.previewNote?.(edit.ctx, [rel]) ?? null;
    return note === null ? preview : `${preview}\n${note}`;
  }
  const refused = edit.fence.refuse(edit.ctx, edit.op, [rel]);
  if (refused !== null) return refused;
  try {
    // What is written must be the edit of what was shown: a file changed since the read is left alone.
    // The UTF-8 decoder drops a leading BOM from `before`; the file keeps the one it had. The current
    // text is read through the descriptor the write is checked on (one object, not one path).
    const written = await replaceFileContent(edit.root, edit.abs, (current) => {
      const bom = current.startsWith(BOM);
      if ((bom ? current.slice(1) : current) !== before) return null;
      return bom ? `${BOM}${after}` : after;
    });
    if (!written) return W.changedMeanwhile(rel);
  } catch (error) {
    return insideFailure(error, rel, edit.ctx.language) ?? W.writeFailed(rel, errorDetail(error));
  }
  return W.applied(rel, edit.what, diff.stats, diff.text);
}
