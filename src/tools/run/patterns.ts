/**
 * The allow / deny pattern language of run.json (ledger part 5 §2.2, `command_tool_contract`).
 *
 * Only two forms exist, both matched against the argv array `[command, ...args]`, never a command
 * line:
 * - exact: the pattern is split on whitespace and compared token by token (`"ruff"` matches only a
 *   bare `ruff`);
 * - trailing `*`: the tokens before it are fixed and zero or more further args may follow
 *   (`"ruff *"` also matches a bare `ruff`, so an open pattern is a superset of its exact one).
 *
 * A pattern that is `*` alone matches nothing, and so does a pattern with a `*` token anywhere but
 * at the end (a middle wildcard would need a rule for how many args it stands for). A `*` inside a
 * token (`*.py`) is an ordinary character.
 *
 * Normalisation applies to the command (the program's identity): a command containing `/`, `\` or
 * `:` is refused before matching, the comparison is lower-cased, and on Windows a PATHEXT extension
 * is stripped (`python` and `python.exe` are one program). Arguments: `allow` compares them as
 * written (`-r` and `-R` are different flags, so an allow never widens), `deny` lower-cases them too
 * (`reg DELETE` is `reg delete` to a case-blind program, so a deny never narrows). Either way the
 * difference can only stop a call, never let one through.
 *
 * An argument containing whitespace (or an empty argument) is never split: `args: ["a b"]` is one
 * token, which no pattern token can equal, so such a call can only be allowed or denied by a
 * trailing `*` that covers it. {@link pendingPattern} therefore refuses to build a pattern that would
 * not match its own entry (it returns null) rather than writing one that silently means something
 * else.
 */
import { currentHost, type HostInfo } from './host.ts';
import type { PendingCommand, RunPolicy } from './policy.ts';

export type Decision = 'allow' | 'deny' | 'pending';

export type CommandProblem = 'empty' | 'separator' | 'whitespace' | 'nul';

const SEPARATORS = /[/\\:]/;
const WHITESPACE = /\s/;

/** Why a command cannot be matched at all (checked before matching), or null when it can. */
export function commandProblem(command: string): CommandProblem | null {
  if (command === '') return 'empty';
  if (command.includes('\0')) return 'nul';
  if (SEPARATORS.test(command)) return 'separator';
  if (WHITESPACE.test(command)) return 'whitespace';
  return null;
}

/** Lower-cased; on Windows one PATHEXT extension stripped (`Python.EXE` -> `python`). */
export function normalizeCommand(command: string, host: HostInfo = currentHost()): string {
  const lower = command.toLowerCase();
  if (host.platform !== 'win32') return lower;
  for (const ext of host.pathext) {
    if (lower.length > ext.length && lower.endsWith(ext)) return lower.slice(0, -ext.length);
  }
  return lower;
}

function tokens(pattern: string): string[] {
  return pattern.split(/\s+/).filter((token) => token !== '');
}

/** Whether one allow / deny pattern matches `[command, ...args]`. */
export function patternMatches(
  pattern: string,
  command: string,
  args: readonly string[],
  host: HostInfo = currentHost(),
  foldArgs = false,
): boolean {
  const parts = tokens(pattern);
  const open = parts.at(-1) === '*';
  const fixed = open ? parts.slice(0, -1) : parts;
  const [head, ...fixedArgs] = fixed;
  // `*` alone (or an empty pattern) matches nothing; so does a `*` token before the end.
  if (head === undefined || fixed.includes('*')) return false;
  if (normalizeCommand(head, host) !== normalizeCommand(command, host)) return false;
  if (open ? args.length < fixedArgs.length : args.length !== fixedArgs.length) return false;
  const same = foldArgs
    ? (token: string, arg: string | undefined) => token.toLowerCase() === arg?.toLowerCase()
    : (token: string, arg: string | undefined) => token === arg;
  return fixedArgs.every((token, i) => same(token, args[i]));
}

/**
 * allow / deny / pending for one call. deny wins over allow; a command that cannot be matched (a
 * path, whitespace, empty) is 'deny': it never runs and is never queued.
 */
export function decide(
  policy: Pick<RunPolicy, 'allow' | 'deny'>,
  command: string,
  args: readonly string[],
  host: HostInfo = currentHost(),
): Decision {
  if (commandProblem(command) !== null) return 'deny';
  if (policy.deny.some((p) => patternMatches(p, command, args, host, true))) return 'deny';
  if (policy.allow.some((p) => patternMatches(p, command, args, host))) return 'allow';
  return 'pending';
}

/** Whether two requests are the same (command compared as matching compares it, args exactly). */
export function sameRequest(
  a: Pick<PendingCommand, 'command' | 'args'>,
  command: string,
  args: readonly string[],
  host: HostInfo = currentHost(),
): boolean {
  return (
    normalizeCommand(a.command, host) === normalizeCommand(command, host) &&
    a.args.length === args.length &&
    a.args.every((arg, i) => arg === args[i])
  );
}

/** A token a pattern can carry: non-empty, no whitespace, and not the wildcard itself. */
function expressible(token: string): boolean {
  return token !== '' && token !== '*' && !WHITESPACE.test(token);
}

/**
 * THE one place a pattern string is built from a pending entry (Spec 20: the caller passes only
 * `open`, never a pattern string).
 * - exact (`open` false): every token, `git log --oneline -5`;
 * - open (`open` true): fixed up to the first argument, then `*`: `git log *`; no args gives `ruff *`.
 *
 * Returns null when the entry cannot be written as a pattern of that form that matches it: an
 * argument in the fixed part is empty, holds whitespace, or is `*` itself (an exact `find -name *`
 * would read back as an open pattern). The caller must say so rather than write something else.
 */
export function pendingPattern(
  entry: Pick<PendingCommand, 'command' | 'args'>,
  open: boolean,
  host: HostInfo = currentHost(),
): string | null {
  if (commandProblem(entry.command) !== null) return null;
  const fixed = open ? [entry.command, ...entry.args.slice(0, 1)] : [entry.command, ...entry.args];
  if (!fixed.every(expressible)) return null;
  const pattern = open ? `${fixed.join(' ')} *` : fixed.join(' ');
  // Belt and braces: a built pattern always matches the entry it was built from.
  return patternMatches(pattern, entry.command, entry.args, host) ? pattern : null;
}
