/** The village blackboard's place in a work folder (ledger part 1 §4.2). */

/** The folder under the work folder; never hidden (scanners skip dot folders). */
export const BLACKBOARD_DIR = 'blackboard';

/** The closed set of state folders; a note directly in `blackboard/` is unfiled ("root"). */
export const BLACKBOARD_STATES = ['doing', 'on-hold', 'done'] as const;
export type BlackboardState = (typeof BLACKBOARD_STATES)[number];

export function isBlackboardState(value: unknown): value is BlackboardState {
  return typeof value === 'string' && (BLACKBOARD_STATES as readonly string[]).includes(value);
}

/**
 * Whether a resolved work-folder-relative path (`/`-separated, as displayPath gives it) lies under the
 * blackboard: its first component is `blackboard`, case-insensitively on every OS (a case-insensitive
 * file system would otherwise let `Blackboard/` through). Not a string prefix: `blackboard2/` is free.
 * Windows also reads `blackboard.`, `blackboard ` and `blackboard::$INDEX_ALLOCATION` as the folder,
 * and realpath cannot fix the spelling of a board not made yet: so a stream suffix and trailing dots
 * and spaces are dropped before comparing, on every OS (elsewhere such a name fences nothing needed).
 */
export function isUnderBlackboard(rel: string): boolean {
  const first = rel.split(/[\\/]/)[0] ?? '';
  const windowsName = first.split(':')[0]!.replace(/[. ]+$/u, '');
  return windowsName.toLowerCase() === BLACKBOARD_DIR;
}
