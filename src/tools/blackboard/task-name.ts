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
 * The owner and task of a file name, split at the FIRST ` - ` (ids have no spaces); null when the name
 * claims no owner (an orphan, e.g. the retired `まとめ.md`).
 */
export function splitNoteName(fileName: string): { owner: string; task: string } | null {
  if (!fileName.toLowerCase().endsWith('.md')) return null;
  const stem = fileName.slice(0, -3);
  const at = stem.indexOf(' - ');
  if (at <= 0) return null;
  return { owner: stem.slice(0, at), task: stem.slice(at + 3) };
}
