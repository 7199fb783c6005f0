/**
 * One `mcpServers` entry through the ledger's five stages, in fixed order: (1) shape discrimination,
 * (2) mutual exclusion both ways, (3) required fields, (4) value format, (5) URL scheme. Only the
 * first violation is reported, so fixing it never reveals an earlier-stage one. Disabled entries are
 * validated too (only their connection is skipped). Unknown keys (`timeout`, ...) are ignored: configs
 * are pasted from other clients, and `"disabled": true` (Cline, Roo, Continue) counts as
 * `"enabled": false` (past the ledger, issue 17: a pasted disabled server must not start).
 * `${VAR}` references are kept as written here and expanded at connect time (expand-vars.ts); a URL
 * that holds one is checked after that expansion.
 */
import { checkMcpUrl } from './check-url.ts';
import { isPlainObject, kindOf, quoteName } from './describe.ts';
import { hasVariable, inputVariableProblem } from './expand-vars.ts';
import {
  argsProblem,
  commandProblem,
  enabledProblem,
  envFileProblem,
  envProblem,
  headersProblem,
  urlFormatProblem,
} from './field-checks.ts';
import type { McpEntry, ServerConfig } from './types.ts';

type Transport = McpEntry['type'];
interface Violation {
  field: string;
  message: string;
}
type Raw = Record<string, unknown>;

const has = (raw: Raw, key: string): boolean => Object.hasOwn(raw, key);

/** Stage 1. No `type` means stdio (the Claude Desktop form); a bare `url` means they forgot "http". */
function transportOf(raw: Raw): Transport | Violation {
  if (!has(raw, 'type')) {
    if (has(raw, 'url') && !has(raw, 'command')) {
      return {
        field: 'type',
        message: 'is missing: add "type": "http" to connect to "url" (Streamable HTTP)',
      };
    }
    return 'stdio';
  }
  const { type } = raw;
  if (type === 'stdio' || type === 'http') return type;
  if (typeof type !== 'string') {
    return { field: 'type', message: `must be "stdio" or "http", not ${kindOf(type)}` };
  }
  if (type.toLowerCase() === 'sse') {
    return {
      field: 'type',
      message: 'the old SSE transport is not supported: use "type": "http" for Streamable HTTP',
    };
  }
  return {
    field: 'type',
    message: `unknown type ${quoteName(type)}: use "http" (Streamable HTTP) or "stdio"`,
  };
}

/** Stage 2: a key of the other form means the entry is not what its type says. */
const FOREIGN_KEYS: Record<Transport, readonly string[]> = {
  stdio: ['url', 'headers'],
  http: ['command', 'args', 'env'],
};

function foreignKey(raw: Raw, transport: Transport): Violation | null {
  const key = FOREIGN_KEYS[transport].find((candidate) => has(raw, candidate));
  if (key === undefined) return null;
  const message =
    transport === 'stdio'
      ? `is not allowed in a stdio entry (only "type": "http" entries have it)`
      : `is not allowed in an http entry (only stdio entries have it)`;
  return { field: key, message };
}

/** Stage 3. */
const REQUIRED: Record<Transport, string> = { stdio: 'command', http: 'url' };

/** Stage 4, in the order the fields are usually written; optional fields only when present. */
const FORMAT_CHECKS: Record<Transport, [string, (value: unknown) => string | null][]> = {
  stdio: [
    ['command', commandProblem],
    ['args', argsProblem],
    ['env', envProblem],
    ['envFile', envFileProblem],
    ['enabled', enabledProblem],
    ['disabled', enabledProblem],
  ],
  http: [
    ['url', (value) => (hasVariable(value) ? null : urlFormatProblem(value))],
    ['headers', headersProblem],
    ['enabled', enabledProblem],
    ['disabled', enabledProblem],
  ],
};

/** The fields whose strings may hold `${...}` references (as Claude Code expands them). */
const EXPANDED_FIELDS: Record<Transport, readonly string[]> = {
  stdio: ['command', 'args', 'env'],
  http: ['url', 'headers'],
};

function firstViolation(raw: Raw, transport: Transport): Violation | null {
  const foreign = foreignKey(raw, transport);
  if (foreign) return foreign;
  const required = REQUIRED[transport];
  if (!has(raw, required)) {
    const article = transport === 'stdio' ? 'a stdio' : 'an http';
    return { field: required, message: `is required for ${article} entry` };
  }
  for (const [field, check] of FORMAT_CHECKS[transport]) {
    const message = has(raw, field) ? check(raw[field]) : null;
    if (message !== null) return { field, message };
  }
  for (const field of EXPANDED_FIELDS[transport]) {
    const message = has(raw, field) ? inputVariableProblem(raw[field]) : null;
    if (message !== null) return { field, message };
  }
  // A URL with a variable in it is checked once expanded (expand-vars.ts), not as written.
  if (transport === 'http' && !hasVariable(raw.url)) {
    const url = checkMcpUrl(raw.url as string);
    if (!url.ok) return { field: 'url', message: url.reason };
  }
  return null;
}

/** A copy with own data properties only (a variable named `__proto__` stays a variable). */
function stringRecord(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(value ?? {}) as [string, string][]);
}

/** Builds the entry once every stage passed; defaults fill the optional fields. */
function entryOf(raw: Raw, transport: Transport): McpEntry {
  // Both written and contradicting: the server stays off, the safer reading.
  const enabled = ((raw.enabled as boolean | undefined) ?? true) && raw.disabled !== true;
  if (transport === 'http') {
    return { type: 'http', url: raw.url as string, headers: stringRecord(raw.headers), enabled };
  }
  const args = (raw.args as string[] | undefined) ?? [];
  return {
    type: 'stdio',
    command: raw.command as string,
    args: [...args],
    env: stringRecord(raw.env),
    enabled,
  };
}

/** One server: its entry, or the first violation naming the server and the field. */
export function validateMcpEntry(name: string, value: unknown): ServerConfig {
  const problem = (field: string, message: string): ServerConfig => ({
    name,
    problem: { server: name, field, message },
  });
  if (name.trim() === '') return problem('(name)', 'the server name is empty');
  if (!isPlainObject(value)) return problem('(entry)', `must be a JSON object, not ${kindOf(value)}`);
  const transport = transportOf(value);
  if (typeof transport !== 'string') return problem(transport.field, transport.message);
  const violation = firstViolation(value, transport);
  if (violation) return problem(violation.field, violation.message);
  return { name, entry: entryOf(value, transport) };
}
