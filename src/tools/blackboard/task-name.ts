/** Task names of blackboard notes (ledger Spec 55 freeze 4: `normalize_task_name`). */

export const TASK_NAME_MAX_CODE_POINTS = 80;

export type TaskName = { ok: true; name: string } | { ok: false; why: 'empty' | 'too_long' };

// Characters no OS accepts in a file name, and control characters (C0, DEL and C1): they become `_`.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/**
 * The one normalisation every op runs: trim, drop trailing `.` and `.md` (models send names with the
 * extension; `調査.md.md` would follow), replace unsafe characters. Idempotent. Too long is refused,
 * never cut: a cut name could fall onto another job's note.
 */
export function normalizeTaskName(raw: unknown): TaskName {
  if (typeof raw !== 'string') return { ok: false, why: 'empty' };
  let name = raw.replace(UNSAFE, '_').trim();
  for (;;) {
    const next = name.replace(/\.md$/i, '').replace(/\.+$/, '').trim();
    if (next === name) break;
    name = next;
  }
  if (name === '') return { ok: false, why: 'empty' };
  if ([...name].length > TASK_NAME_MAX_CODE_POINTS) return { ok: false, why: 'too_long' };
  return { ok: true, name };
}

/** A note's file name: `<agent id> - <task name>.md`. */
export function noteFileName(agentId: string, task: string): string {
  return `${agentId} - ${task}.md`;
}

/**
 * What a file name on the board claims (ledger Spec 55 freeze 3: a note is `<agent id> - <task>.md`):
 * its owner and task, or why it claims none: `not_md` (not a `.md` file, e.g. `agent_1 - notes.txt`),
 * `no_separator` (no ` - ` after a non-empty first half, e.g. the retired `まとめ.md`). Split at the
 * FIRST ` - ` (ids have no spaces); `.md` in any case. Pure: the Blackboard tab uses it to say why.
 */
export type NoteNameParts =
  { ok: true; owner: string; task: string } | { ok: false; why: 'not_md' | 'no_separator' };

export function noteNameParts(fileName: string): NoteNameParts {
  if (!fileName.toLowerCase().endsWith('.md')) return { ok: false, why: 'not_md' };
  const stem = fileName.slice(0, -3);
  const at = stem.indexOf(' - ');
  if (at <= 0) return { ok: false, why: 'no_separator' };
  return { ok: true, owner: stem.slice(0, at), task: stem.slice(at + 3) };
}

/** The owner and task of a file name (noteNameParts without the why); null when it claims no owner. */
export function splitNoteName(fileName: string): { owner: string; task: string } | null {
  const parts = noteNameParts(fileName);
  return parts.ok ? { owner: parts.owner, task: parts.task } : null;
}
