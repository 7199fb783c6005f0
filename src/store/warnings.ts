import type { SessionSummary } from '../domain/session.ts';

/** Boot WARN thresholds (ledger part 1 §6). Nothing is ever deleted because of them. */
export const SESSIONS_WARN_THRESHOLD = 200;
export const RECORDS_WARN_THRESHOLD = 50_000;

/** The WARN lines for a store holding these sessions (text only; the caller logs them). */
export function storeWarnings(sessions: readonly SessionSummary[]): string[] {
  const lines: string[] = [];
  if (sessions.length > SESSIONS_WARN_THRESHOLD) {
    lines.push(
      `session store: ${sessions.length} sessions (more than ${SESSIONS_WARN_THRESHOLD}); nothing is deleted`,
    );
  }
  for (const { id, meta } of sessions) {
    if (meta.recordCount > RECORDS_WARN_THRESHOLD) {
      lines.push(
        `session store: session ${id} has ${meta.recordCount} records (more than ${RECORDS_WARN_THRESHOLD.toLocaleString('en-US')})`,
      );
    }
  }
  return lines;
}
