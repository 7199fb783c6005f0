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
 */
export function isUnderBlackboard(rel: string): boolean {
  const first = rel.split(/[\\/]/)[0] ?? '';
  return first.toLowerCase() === BLACKBOARD_DIR;
}
