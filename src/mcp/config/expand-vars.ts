/**
 * `${VAR}` and `${VAR:-default}` in `command`, `args`, `env` values, `url` and `headers` values,
 * expanded from the environment of the Fuseforks server process, as Claude Code does with its
 * `.mcp.json` (past the ledger, issue 17: pasted configs carry these). Like Claude Code, a variable
 * that is set (even to "") is used as is and the default applies only when it is unset. VS Code's
 * `${env:VAR}` reads the same variable; its `${input:id}` (a value VS Code asks the user for) cannot
 * be asked for here and is refused when the file is read. Messages name variables, never values.
 */
import { checkMcpUrl } from './check-url.ts';
import { isPlainObject, quoteName } from './describe.ts';
import { argsProblem, commandProblem, envProblem, headersProblem, urlFormatProblem } from './field-checks.ts';
import type { EntryProblem, McpEntry } from './types.ts';

const REFERENCE = /\$\{([^}]*)\}/g;

type Env = Readonly<Record<string, string | undefined>>;

export type EntryExpansion =
  { ok: true; entry: McpEntry } | { ok: false; problem: Omit<EntryProblem, 'server'> };

export function hasVariable(value: unknown): boolean {
  return typeof value === 'string' && value.includes('${');
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (isPlainObject(value))
    return Object.values(value).filter((item): item is string => typeof item === 'string');
  return [];
}

/** A VS Code `${input:id}` anywhere in a field's strings, as the message for that field, or null. */
export function inputVariableProblem(value: unknown): string | null {
  for (const text of stringsOf(value)) {
    for (const match of text.matchAll(REFERENCE)) {
      const inner = match[1] ?? '';
      if (!inner.startsWith('input:')) continue;
      return (
        `${quoteName(match[0])} is a VS Code input variable, which Fuseforks cannot ask for: ` +
        'put the value in an environment variable and write ${NAME}'
      );
    }
  }
  return null;
}

/** The value of one reference, or null when its variable is unset without a default. */
function referenceValue(inner: string, env: Env): string | null {
  const split = inner.indexOf(':-');
  const rawName = split === -1 ? inner : inner.slice(0, split);
  const name = rawName.startsWith('env:') ? rawName.slice('env:'.length) : rawName;
  const value = name === '' ? undefined : env[name];
  if (value !== undefined) return value;
  return split === -1 ? null : inner.slice(split + 2);
}

/** Expands strings one field at a time, remembering the first variable it could not expand. */
class Expander {
  missing: string | null = null;
  constructor(private readonly env: Env) {}

  text(text: string): string {
    return text.replace(REFERENCE, (whole, inner: string) => {
      const value = referenceValue(inner, this.env);
      if (value !== null) return value;
      this.missing ??= inner;
      return whole;
    });
  }

  record(record: Record<string, string>): Record<string, string> {
    // Built from entries, so a variable named __proto__ stays a variable.
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, this.text(value)]));
  }
}

function unsetMessage(inner: string): string {
  if (inner === '') return 'has an empty variable reference ${}';
  const name = inner.startsWith('env:') ? inner.slice('env:'.length) : inner;
  return (
    `variable ${quoteName(name)} is not set and has no default: set it in the environment ` +
    'Fuseforks runs in, or give a default with ${NAME:-default}'
  );
}

/** The checks a value must pass once expanded: a variable may bring an empty, NUL or bad value. */
function expandedProblem(entry: McpEntry): { field: string; message: string } | null {
  const checks: [string, string | null][] =
    entry.type === 'stdio'
      ? [
          ['command', commandProblem(entry.command)],
          ['args', argsProblem(entry.args)],
          ['env', envProblem(entry.env)],
        ]
      : [
          ['url', urlFormatProblem(entry.url)],
          ['headers', headersProblem(entry.headers)],
        ];
  for (const [field, message] of checks) if (message !== null) return { field, message };
  if (entry.type === 'http') {
    const url = checkMcpUrl(entry.url, { showScheme: false });
    if (!url.ok) return { field: 'url', message: url.reason };
  }
  return null;
}

type Expanded = { entry: McpEntry } | { field: string; missing: string };

/** Field by field, in the order they are written, so the first unset variable names its field. */
function expandFields(entry: McpEntry, expander: Expander): Expanded {
  const steps: [string, () => Partial<McpEntry>][] =
    entry.type === 'stdio'
      ? [
          ['command', () => ({ command: expander.text(entry.command) })],
          ['args', () => ({ args: entry.args.map((arg) => expander.text(arg)) })],
          ['env', () => ({ env: expander.record(entry.env) })],
        ]
      : [
          ['url', () => ({ url: expander.text(entry.url) })],
          ['headers', () => ({ headers: expander.record(entry.headers) })],
        ];
  let result: McpEntry = entry;
  for (const [field, step] of steps) {
    result = { ...result, ...step() } as McpEntry;
    if (expander.missing !== null) return { field, missing: expander.missing };
  }
  return { entry: result };
}

/** The entry with every reference replaced, or the first unset variable / bad expanded value. */
export function expandMcpEntry(entry: McpEntry, env: Env): EntryExpansion {
  const expanded = expandFields(entry, new Expander(env));
  if ('missing' in expanded) {
    return { ok: false, problem: { field: expanded.field, message: unsetMessage(expanded.missing) } };
  }
  const problem = expandedProblem(expanded.entry);
  if (problem !== null) {
    return {
      ok: false,
      problem: { field: problem.field, message: `after expanding variables: ${problem.message}` },
    };
  }
  return { ok: true, entry: expanded.entry };
}
