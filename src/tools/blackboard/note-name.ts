/**
 * `is_safe_note_name` (ledger §1.8 blackboard_contract): the one check a note name and a state
 * folder name from outside (the UI's delete) pass, each on its own. Only one plain path component is
 * a note the board could have listed; anything else could name a file elsewhere.
 */

// C0, DEL and C1: NEL (U+0085) breaks a line as surely as \n does.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function isSafeNoteName(name: unknown): name is string {
  if (typeof name !== 'string' || name === '') return false;
  // A leading `.` also covers `.` and `..`; the board is never read from hidden entries either.
  if (name.startsWith('.')) return false;
  if (name.includes('/') || name.includes('\\')) return false;
  return !CONTROL.test(name);
}
