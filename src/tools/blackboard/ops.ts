import { join } from 'node:path';
import type { ToolContext } from '../../orchestrator/tool.ts';
import type { TrashFn } from '../file/file-remove.ts';
import { checkedTrashPath, moveEntry } from '../work-dir/move-entry.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { readTextFile } from '../work-dir/read-text.ts';
import { createFile, withAppendable } from '../work-dir/write-file.ts';
import { errorDetail } from '../work-dir/write-texts.ts';
import { locationLabel, type Board, type BoardNote, type Location } from './board-scan.ts';
import { BLACKBOARD_DIR, isBlackboardState, type BlackboardState } from './layout.ts';
import { ownerLabel } from './shown.ts';
import { noteFileName } from './task-name.ts';
import type { BlackboardTexts } from './texts.ts';

/** The note limit (freeze 8): what the tool writes, `file read` returns whole. */
export const NOTE_MAX_CHARS = MAX_OUTPUT_CHARS;

export type Outcome =
  | 'ok'
  | 'noop'
  | 'exists'
  | 'not_owner'
  | 'frozen'
  | 'not_found'
  | 'too_large'
  | 'disabled'
  | 'invalid'
  | 'misplaced'
  | 'ambiguous'
  | 'error';

export interface OpResult {
  text: string;
  outcome: Outcome;
  /** The touched note's location, for `state=`. */
  at: Location | null;
  to?: BlackboardState;
}

export interface OpEnv {
  board: Board;
  ctx: ToolContext;
  t: BlackboardTexts;
  trash: TrashFn;
}

const chars = (text: string): number => [...text].length;
const result = (text: string, outcome: Outcome, at: Location | null = null): OpResult => ({
  text,
  outcome,
  at,
});

/**
 * The notes of `owner` for this task, in board order, matched on the board's own split (splitNoteName:
 * `.md` in any case), not on the file name the tool would write: a hand-made `alice - Job.MD` is
 * still alice's, never "someone else's note" to alice herself.
 */
function notesOf(env: OpEnv, owner: string, task: string | null): BoardNote[] {
  return env.board.notes.filter((note) => note.owner === owner && (task === null || note.task === task));
}

/**
 * Letter case as case-insensitive file systems see it (APFS, NTFS; NFC too, as APFS does not tell
 * composed from decomposed): two names equal here are one file there.
 */
const folded = (name: string): string => name.normalize('NFC').toLowerCase();

/** Notes among `notes` whose task differs from `task` only in letter case. */
function caseVariants(notes: readonly BoardNote[], task: string): BoardNote[] {
  const want = folded(task);
  return notes.filter((note) => note.task !== null && note.task !== task && folded(note.task) === want);
}

/**
 * The task an op addresses: `task` itself when `notes` has it; else the one real name among notes
 * differing from it only in case (the op runs on that name and the result says so); ambiguous when
 * several names differ so; `task` unchanged when none (the op's own refusals follow).
 */
export type CaseMatch = { task: string; from: string | null } | OpResult;

export function matchCase(env: OpEnv, notes: readonly BoardNote[], task: string): CaseMatch {
  if (notes.some((note) => note.task === task)) return { task, from: null };
  const names = [...new Set(caseVariants(notes, task).map((note) => note.task!))];
  if (names.length === 1) return { task: names[0]!, from: task };
  if (names.length > 1) return result(env.t.caseAmbiguous(task, names), 'ambiguous');
  return { task, from: null };
}

/** Runs `op` on the caller's note of `task` or its single case variant, saying so in the result. */
export async function onOwnCase(
  env: OpEnv,
  task: string,
  op: (task: string) => Promise<OpResult>,
): Promise<OpResult> {
  const match = matchCase(env, notesOf(env, env.ctx.agentId, null), task);
  if ('outcome' in match) return match;
  const done = await op(match.task);
  if (match.from === null) return done;
  return { ...done, text: `${env.t.caseResolved(match.from, match.task)}\n${done.text}` };
}

/** The caller's notes of this task, in board order. */
function ownNotes(env: OpEnv, task: string): BoardNote[] {
  return notesOf(env, env.ctx.agentId, task);
}

/**
 * Why a change of `task` by the caller is refused before it starts: not_owner when the only notes of
 * that task are someone else's (the model passed a name seen on the board), not_found when there are
 * none; null when the caller has notes of it.
 */
function ownershipRefusal(env: OpEnv, task: string, mine: BoardNote[]): OpResult | null {
  if (mine.length > 0) return null;
  const other = env.board.notes.find((note) => note.task === task && note.owner !== null);
  if (other)
    return result(env.t.notOwner(task, ownerLabel(env.ctx, other.owner!)), 'not_owner', other.location);
  return result(env.t.notFound(task), 'not_found');
}

const adviceAt = (where: Location) =>
  where.kind === 'state' ? (where.state === 'done' ? 'done' : 'active') : ('elsewhere' as const);

export async function writeNote(env: OpEnv, task: string, body: string): Promise<OpResult> {
  const existing = ownNotes(env, task)[0];
  if (existing) {
    const where = existing.location;
    return result(env.t.exists(task, locationLabel(where), adviceAt(where)), 'exists', where);
  }
  // A name that differs only in case would be the same file on macOS and Windows (anywhere on the
  // board: a later move would collide), and two such notes confuse every reader.
  const twin = caseVariants(notesOf(env, env.ctx.agentId, null), task)[0];
  if (twin) {
    const where = twin.location;
    return result(env.t.existsCase(task, twin.task!, locationLabel(where), adviceAt(where)), 'exists', where);
  }
  const size = chars(body);
  if (size > NOTE_MAX_CHARS) return result(env.t.tooLarge(task, size, NOTE_MAX_CHARS), 'too_large');
  const doing: Location = { kind: 'state', state: 'doing' };
  const abs = join(env.board.root, BLACKBOARD_DIR, 'doing', noteFileName(env.ctx.agentId, task));
  try {
    // create_new semantics (O_EXCL): a note made since the scan, or a case-only clash, is never replaced.
    await createFile(env.board.root, abs, body);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return result(env.t.exists(task, 'doing', 'active'), 'exists', doing);
    return result(env.t.failed(task, errorDetail(error)), 'error', doing);
  }
  return result(env.t.written(task), 'ok', doing);
}

/** The caller's single note of `task`, or the refusal (not_owner, not_found, ambiguous). */
function singleOwn(env: OpEnv, task: string): BoardNote | OpResult {
  const mine = ownNotes(env, task);
  const refused = ownershipRefusal(env, task, mine);
  if (refused) return refused;
  if (mine.length > 1) {
    return result(
      env.t.ambiguous(
        task,
        mine.map((n) => locationLabel(n.location)),
      ),
      'ambiguous',
    );
  }
  return mine[0]!;
}

export async function appendNote(env: OpEnv, task: string, body: string): Promise<OpResult> {
  const note = singleOwn(env, task);
  if (!('fileName' in note)) return note;
  const at = note.location;
  if (at.kind !== 'state') return result(env.t.misplaced(task, locationLabel(at)), 'misplaced', at);
  if (at.state === 'done') return result(env.t.frozen(task), 'frozen', at);
  try {
    return await withAppendable(env.board.root, note.abs, async (handle) => {
      const current = await handle.readFile('utf8');
      // One entry per append: never glued onto the previous line; the newline counts toward the limit.
      const addition = current === '' || current.endsWith('\n') ? body : `\n${body}`;
      const total = chars(current) + chars(addition);
      if (total > NOTE_MAX_CHARS)
        return result(env.t.appendTooLarge(task, total, NOTE_MAX_CHARS), 'too_large', at);
      await handle.write(addition);
      return result(env.t.appended(task, at.state, total), 'ok', at);
    });
  } catch (error) {
    return result(env.t.failed(task, errorDetail(error)), 'error', at);
  }
}

/** Allowed: doing ⇄ on-hold, doing → done, on-hold → done; nothing leaves done (freeze 6). */
export async function moveNote(env: OpEnv, task: string, to: unknown): Promise<OpResult> {
  if (!isBlackboardState(to)) return result(env.t.toMissing, 'invalid');
  const note = singleOwn(env, task);
  if (!('fileName' in note)) return { ...note, to };
  const at = note.location;
  if (at.kind !== 'state')
    return { ...result(env.t.misplaced(task, locationLabel(at)), 'misplaced', at), to };
  if (at.state === 'done') return { ...result(env.t.frozen(task), 'frozen', at), to };
  if (at.state === to) return { ...result(env.t.sameState(task, to), 'noop', at), to };
  const target = join(env.board.root, BLACKBOARD_DIR, to, note.fileName);
  try {
    await moveEntry(env.board.root, note.abs, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { ...result(env.t.ambiguous(task, [at.state, to]), 'ambiguous', at), to };
    return { ...result(env.t.failed(task, errorDetail(error)), 'error', at), to };
  }
  return { ...result(env.t.moved(task, at.state, to), 'ok', at), to };
}

/** Every copy of the caller's note goes to the trash (the one way out of duplicates); never deleted. */
export async function removeNote(env: OpEnv, task: string): Promise<OpResult> {
  const mine = ownNotes(env, task);
  const refused = ownershipRefusal(env, task, mine);
  if (refused) return refused;
  const wheres: string[] = [];
  for (const note of mine) {
    try {
      await env.trash(await checkedTrashPath(env.board.root, note.abs));
    } catch (error) {
      return result(env.t.trashFailed(task, errorDetail(error)), 'error', note.location);
    }
    wheres.push(locationLabel(note.location));
  }
  return result(env.t.removed(task, wheres), 'ok', mine[0]!.location);
}

/** The owner argument: an id, else a display name, else taken literally (old-format names). */
function ownerId(ctx: ToolContext, owner: string): string {
  if (ctx.agentNames.has(owner)) return owner;
  for (const [id, name] of ctx.agentNames) if (name === owner) return id;
  return owner;
}

export async function readNote(env: OpEnv, task: string, owner: unknown): Promise<OpResult> {
  const { ctx, t } = env;
  // Exact names first; a case variant only when nothing matches exactly (the result says which).
  const scopes =
    typeof owner === 'string' && owner.trim() !== ''
      ? [notesOf(env, ownerId(ctx, owner.trim()), null)]
      : [notesOf(env, ctx.agentId, null), env.board.notes];
  let found: BoardNote[] = [];
  for (const scope of scopes) {
    found = scope.filter((note) => note.task === task);
    if (found.length > 0) break;
  }
  let resolved: string | null = null;
  for (const scope of found.length > 0 ? [] : scopes) {
    const match = matchCase(env, scope, task);
    if ('outcome' in match) return match;
    if (match.from === null) continue;
    resolved = match.task;
    found = scope.filter((note) => note.task === resolved);
    break;
  }
  const first = found[0];
  if (!first) return result(t.notFound(task), 'not_found');
  if (resolved !== null) {
    const done = await readNote(env, resolved, owner);
    return { ...done, text: `${t.caseResolved(task, resolved)}\n${done.text}` };
  }
  const read = await readTextFile(env.board.root, first.abs, false).catch(() => null);
  if (read === null || read.kind !== 'ok') {
    return result(t.failed(task, read?.kind ?? 'unreadable'), 'error', first.location);
  }
  const text = [...read.text];
  const body =
    text.length > NOTE_MAX_CHARS
      ? `${text.slice(0, NOTE_MAX_CHARS).join('')}\n${t.readCut(NOTE_MAX_CHARS)}`
      : read.text;
  const lines = [
    t.readHeader(task, ownerLabel(ctx, first.owner ?? '?'), locationLabel(first.location)),
    body,
  ];
  const others = found
    .slice(1)
    .map((note) => `${ownerLabel(ctx, note.owner ?? '?')}: ${locationLabel(note.location)}`);
  if (others.length > 0) lines.push(t.readElsewhere(others));
  return result(lines.join('\n'), 'ok', first.location);
}
