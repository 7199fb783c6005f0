/**
 * What delete_agent answers (`{blackboard: {removed, failed}}`, the sweep of its notes, Spec 55
 * freeze 12): how many of the servant's notes could not be trashed and so stay on the board. Read
 * defensively: an older server answers null, and a missing count means nothing was left.
 */
export function notesLeftOnBoard(answer: unknown): number {
  const failed = (answer as { blackboard?: { failed?: unknown } } | null)?.blackboard?.failed;
  return typeof failed === 'number' && Number.isInteger(failed) && failed > 0 ? failed : 0;
}
