/**
 * The run.json model, `agents/{id}/run.json`: `{ version, allow[], deny[], pending[], timeoutSecs }`
 * (ledger part 5 §2.1), and the one parser both a person's save and the run tool use.
 */
import { jsonProblem } from './json-problem.ts';

/** timeoutSecs: one value per file, default 60, at most an hour. */
export const RUN_TIMEOUT_MAX_SECS = 3600;
export const RUN_JSON_VERSION = 1;
export const RUN_TIMEOUT_DEFAULT_SECS = 60;
/** At most this many pending entries per agent; the oldest firstRequestedAtMs is pushed out. */
export const PENDING_MAX = 20;

export interface PendingCommand {
  command: string;
  args: string[];
  count: number;
  firstRequestedAtMs: number;
  /**
   * The model's reason for the call (the tool call's `reason`, already trimmed and cut to 60), so the
   * approver sees why it was asked. Past the ledger's pending shape (issue 22): absent in run.json
   * files written before it, which read as before; a repeat with a reason replaces it. Never logged.
   */
  reason?: string;
}

/** A stored reason longer than the tool's own cut (a hand edit) is cut the same way on read. */
const PENDING_REASON_MAX_CHARS = 60;

function pendingReason(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const points = [...value.trim()];
  if (points.length === 0) return undefined;
  return points.length > PENDING_REASON_MAX_CHARS
    ? `${points.slice(0, PENDING_REASON_MAX_CHARS - 1).join('')}…`
    : points.join('');
}

export interface RunPolicy {
  version: number;
  allow: string[];
  deny: string[];
  pending: PendingCommand[];
  timeoutSecs: number;
}

/** No allow, no deny: every call is pending (fail closed). */
export function defaultPolicy(): RunPolicy {
  return {
    version: RUN_JSON_VERSION,
    allow: [],
    deny: [],
    pending: [],
    timeoutSecs: RUN_TIMEOUT_DEFAULT_SECS,
  };
}

export type ParsedRunJson =
  { ok: true; policy: RunPolicy; raw: Record<string, unknown> } | { ok: false; problem: string };

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Why a pattern could never match as written, or null. Only two forms exist (exact, trailing `*`):
 * a pattern that silently matches nothing would let a person believe a deny protects them.
 */
export function patternProblem(pattern: string): string | null {
  const tokens = pattern.split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) return 'is empty';
  if (tokens[0] === '*') return 'starts with `*`: name the command first (`*` alone matches nothing)';
  if (tokens.slice(0, -1).includes('*')) return 'has `*` before its end: `*` may only be the last token';
  if (/[/\\:]/.test(tokens[0]!)) return 'names the command with a path: write the bare command name';
  return null;
}

export function parsePendingEntry(value: unknown): PendingCommand | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entry = value as Record<string, unknown>;
  const { command, args, count, firstRequestedAtMs } = entry;
  if (typeof command !== 'string' || !isStringArray(args)) return null;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  if (typeof firstRequestedAtMs !== 'number' || !Number.isFinite(firstRequestedAtMs)) return null;
  // A reason that is not text is dropped, never a broken file: it only explains, it decides nothing.
  const reason = pendingReason(entry.reason);
  return { command, args: [...args], count, firstRequestedAtMs, ...(reason ? { reason } : {}) };
}

/**
 * Parses and checks the whole file. The shape rules for allow / deny / timeoutSecs are the ones a
 * person's save enforces (config-files.ts); pending entries are checked field by field too, since a
 * write-back rebuilds them. Problems never quote the content (line / column only).
 */
export function parseRunJson(text: string): ParsedRunJson {
  const problem = jsonProblem(text);
  if (problem) return { ok: false, problem };
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'the top level must be a JSON object' };
  }
  const raw = value as Record<string, unknown>;
  const policy = defaultPolicy();
  for (const key of ['allow', 'deny'] as const) {
    const list = raw[key];
    if (list === undefined) continue;
    if (!isStringArray(list)) return { ok: false, problem: `"${key}" must be an array of strings` };
    for (const [i, pattern] of list.entries()) {
      const why = patternProblem(pattern);
      if (why) return { ok: false, problem: `"${key}" pattern ${i + 1} ${why}` };
    }
    policy[key] = [...list];
  }
  if (raw.pending !== undefined) {
    if (!Array.isArray(raw.pending)) return { ok: false, problem: '"pending" must be an array' };
    for (const [i, item] of raw.pending.entries()) {
      const entry = parsePendingEntry(item);
      if (!entry) {
        return {
          ok: false,
          problem: `pending entry ${i + 1} must have command, args (strings), count and firstRequestedAtMs`,
        };
      }
      policy.pending.push(entry);
    }
  }
  const timeout = raw.timeoutSecs;
  if (timeout !== undefined) {
    if (
      typeof timeout !== 'number' ||
      !Number.isInteger(timeout) ||
      timeout < 1 ||
      timeout > RUN_TIMEOUT_MAX_SECS
    ) {
      return {
        ok: false,
        problem: `"timeoutSecs" must be a whole number from 1 to ${RUN_TIMEOUT_MAX_SECS}`,
      };
    }
    policy.timeoutSecs = timeout;
  }
  if (typeof raw.version === 'number') policy.version = raw.version;
  return { ok: true, policy, raw };
}
