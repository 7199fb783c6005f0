/** Per-agent files, reachable only through ConfigFileKind (a closed set of write targets). */
import { readFile, rm } from 'node:fs/promises';
import { CoreError } from '../domain/errors.ts';
import type { ConfigFileKind } from '../domain/enums.ts';
import { configIo, readTextOrNull, writeFileAtomic } from './fs-util.ts';
import { jsonProblem } from './json-problem.ts';
import type { VillagePaths } from './paths.ts';

const JSON_KINDS: ReadonlySet<ConfigFileKind> = new Set(['mcp', 'run']);
export const RUN_JSON_WRITE_ATTEMPTS = 3;
export const RUN_TIMEOUT_MAX_SECS = 3600;

export async function readConfigFile(
  paths: VillagePaths,
  agentId: string,
  kind: ConfigFileKind,
): Promise<string> {
  const path = paths.configFile(agentId, kind);
  try {
    return (await readTextOrNull(path)) ?? '';
  } catch (error) {
    throw configIo('read', path, error);
  }
}

/**
 * Saves one file. mcp.json and run.json are parsed first and a bad file is refused with the file on
 * disk untouched; empty content removes them, so after a save they are valid JSON or absent.
 */
export async function writeConfigFile(
  paths: VillagePaths,
  agentId: string,
  kind: ConfigFileKind,
  content: string,
): Promise<void> {
  const path = paths.configFile(agentId, kind);
  if (JSON_KINDS.has(kind) && content.trim() === '') {
    await rm(path, { force: true }).catch((error: unknown) => {
      throw configIo('remove', path, error);
    });
    return;
  }
  if (kind === 'mcp') validateMcpJson(content);
  if (kind === 'run') return writeRunJson(path, content);
  try {
    await writeFileAtomic(path, content);
  } catch (error) {
    throw configIo('write', path, error);
  }
}

function serdeFailed(file: string, problem: string): CoreError {
  return new CoreError('SERDE_FAILED', `${file} was not saved: ${problem}`);
}

function parseObject(file: string, content: string): Record<string, unknown> {
  const problem = jsonProblem(content);
  if (problem) throw serdeFailed(file, problem);
  const value: unknown = JSON.parse(content);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw serdeFailed(file, 'the top level must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The Claude Desktop `mcpServers` shape; the full entry validation belongs to the MCP client. */
export function validateMcpJson(content: string): void {
  const root = parseObject('mcp.json', content);
  const servers = root.mcpServers;
  if (servers === undefined) return;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw serdeFailed('mcp.json', '"mcpServers" must be an object of server entries');
  }
  for (const [name, entry] of Object.entries(servers)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw serdeFailed('mcp.json', `server "${name.slice(0, 64)}" must be an object`);
    }
  }
}

interface RunJson extends Record<string, unknown> {
  pending?: unknown[];
}

function validateRunJson(content: string): RunJson {
  const root = parseObject('run.json', content);
  for (const key of ['allow', 'deny'] as const) {
    const list = root[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((p) => typeof p !== 'string'))) {
      throw serdeFailed('run.json', `"${key}" must be an array of strings`);
    }
  }
  if (root.pending !== undefined && !Array.isArray(root.pending)) {
    throw serdeFailed('run.json', '"pending" must be an array');
  }
  const timeout = root.timeoutSecs;
  if (
    timeout !== undefined &&
    (typeof timeout !== 'number' ||
      !Number.isInteger(timeout) ||
      timeout < 1 ||
      timeout > RUN_TIMEOUT_MAX_SECS)
  ) {
    throw serdeFailed('run.json', `"timeoutSecs" must be a whole number from 1 to ${RUN_TIMEOUT_MAX_SECS}`);
  }
  return root as RunJson;
}

/**
 * run.json is shared with the agent, which appends `pending` requests: a save takes the person's
 * allow/deny/timeout but keeps the pending list on disk. Read -> apply -> atomic write, retried when
 * the file changed underneath.
 */
async function writeRunJson(path: string, content: string): Promise<void> {
  const edited = validateRunJson(content);
  for (let attempt = 1; attempt <= RUN_JSON_WRITE_ATTEMPTS; attempt += 1) {
    const before = await readQuiet(path);
    let pending: unknown[] = Array.isArray(edited.pending) ? edited.pending : [];
    if (before !== null) {
      try {
        const onDisk = JSON.parse(before) as RunJson | null;
        if (onDisk && Array.isArray(onDisk.pending)) pending = onDisk.pending;
      } catch {
        // An unreadable file on disk is replaced by the person's valid one.
      }
    }
    const merged = { ...edited, pending };
    if ((await readQuiet(path)) !== before) continue;
    try {
      await writeFileAtomic(path, `${JSON.stringify(merged, null, 2)}\n`);
      return;
    } catch (error) {
      if (attempt === RUN_JSON_WRITE_ATTEMPTS) throw configIo('write', path, error);
    }
  }
  throw new CoreError('CONFIG_IO', 'run.json kept changing while saving; try again', { retryable: true });
}

async function readQuiet(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}
