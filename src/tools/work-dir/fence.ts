import type { ToolContext } from '../../orchestrator/tool.ts';

/** A write the blackboard fence may refuse (ledger `blackboard_contract` freeze 9). */
export type FencedOp = 'write' | 'append' | 'mkdir' | 'remove' | 'move' | 'copy' | 'sd_apply' | 'yq_write';

/**
 * Where the write tools ask "may this change land here?". `rels` are the resolved work-folder-relative
 * paths the change touches (for `copy` only the destination). Returns the refusal text, or null. The
 * blackboard brings the real fence; until then nothing is fenced.
 */
export interface WriteFence {
  refuse(ctx: ToolContext, op: FencedOp, rels: readonly string[]): string | null;
  /**
   * The line a preview adds when its apply would be refused (sd: the preview passes, but says apply
   * cannot write); null otherwise. Nothing is refused, so nothing is logged. `rels` are the files the
   * preview would change: one for a single preview, all changed files of a batch preview.
   */
  previewNote?(ctx: ToolContext, rels: readonly string[]): string | null;
}

export const NO_FENCE: WriteFence = { refuse: () => null };
