import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { osTrash, type TrashFn } from '../file/file-remove.ts';
import { errorDetail } from '../work-dir/write-texts.ts';
import { BoardUnsafeError, locationLogValue, scanBoard } from './board-scan.ts';
import { blackboardSpec } from './descriptions.ts';
import { listBoard } from './list.ts';
import {
  appendNote,
  moveNote,
  onOwnCase,
  readNote,
  removeNote,
  writeNote,
  type OpEnv,
  type OpResult,
} from './ops.ts';
import { normalizeTaskName, TASK_NAME_MAX_CODE_POINTS } from './task-name.ts';
import { BLACKBOARD_TEXTS } from './texts.ts';

export const BLACKBOARD_OPS = ['list', 'read', 'write', 'append', 'move', 'remove'] as const;
type BlackboardOp = (typeof BLACKBOARD_OPS)[number];

/** The one gate (freeze 1), asked when the spec is built and again when a call runs. */
export function blackboardOffered(ctx: Pick<ToolSpecContext, 'workDir' | 'usesBlackboard'>): boolean {
  return ctx.workDir !== null && ctx.usesBlackboard;
}

export interface BlackboardToolOptions {
  /** Where `remove` sends notes; the OS trash unless a test says otherwise. */
  trash?: TrashFn;
}

/**
 * `blackboard`: the only writer of the village blackboard (ledger part 1 §5.8, Spec 55). Notes are
 * `blackboard/<state>/<agent id> - <task>.md`; a servant changes only its own.
 */
export function blackboardTool(options: BlackboardToolOptions = {}): AgentTool {
  const trash = options.trash ?? osTrash;
  return {
    name: 'blackboard',
    wantsReason: true,
    specFor: (ctx) => (blackboardOffered(ctx) ? blackboardSpec(ctx.language) : null),
    async execute(args, ctx) {
      const op = (BLACKBOARD_OPS as readonly unknown[]).includes(args.op) ? (args.op as BlackboardOp) : null;
      const done = await run(op, args, ctx, trash);
      // Never the body nor the task name: only what kind of thing happened where.
      const to = done.to ? ` to=${done.to}` : '';
      ctx.log.note(
        `blackboard op: agent=${ctx.agentId} op=${op ?? 'unknown'} state=${locationLogValue(done.at)}${to} outcome=${done.outcome}`,
      );
      return done.text;
    },
  };
}

async function run(
  op: BlackboardOp | null,
  args: Record<string, unknown>,
  ctx: ToolContext,
  trash: TrashFn,
): Promise<OpResult> {
  const t = BLACKBOARD_TEXTS[ctx.language];
  const fail = (text: string, outcome: OpResult['outcome']): OpResult => ({ text, outcome, at: null });
  if (!blackboardOffered(ctx) || ctx.workDir === null) return fail(t.disabled, 'disabled');
  if (op === null) return fail(t.badOp, 'invalid');
  let task = '';
  if (op !== 'list') {
    const name = normalizeTaskName(args.name);
    if (!name.ok) {
      return fail(name.why === 'empty' ? t.nameMissing : t.nameTooLong(TASK_NAME_MAX_CODE_POINTS), 'invalid');
    }
    task = name.name;
  }
  if ((op === 'write' || op === 'append') && typeof args.body !== 'string')
    return fail(t.bodyMissing, 'invalid');
  // Freeze 8: what the tool writes, read returns whole; a NUL makes the note binary to every reader.
  if ((op === 'write' || op === 'append') && (args.body as string).includes('\0'))
    return fail(t.bodyBinary, 'invalid');
  let board;
  try {
    board = await scanBoard(ctx.workDir);
  } catch (error) {
    if (error instanceof BoardUnsafeError) return fail(t.unsafeBoard, 'error');
    return fail(t.failed(task || 'blackboard', errorDetail(error)), 'error');
  }
  if (board === null) return fail(t.workDirGone, 'error');
  const env: OpEnv = { board, ctx, t, trash };
  const body = args.body as string;
  switch (op) {
    case 'list':
      return { text: listBoard(board, ctx, t), outcome: 'ok', at: null };
    case 'read':
      return readNote(env, task, args.owner);
    case 'write':
      return writeNote(env, task, body);
    case 'append':
      return onOwnCase(env, task, (real) => appendNote(env, real, body));
    case 'move':
      return onOwnCase(env, task, (real) => moveNote(env, real, args.to));
    case 'remove':
      return onOwnCase(env, task, (real) => removeNote(env, real));
  }
}
