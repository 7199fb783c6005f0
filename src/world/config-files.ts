/** Per-agent files, reachable only through ConfigFileKind (a closed set of write targets). */
import { readFile } from 'node:fs/promises';
import { CoreError, isCoreError } from '../domain/errors.ts';
import type { ConfigFileKind } from '../domain/enums.ts';
import { configProblems, parseMcpConfig } from '../mcp/config/index.ts';
import { configIo, readTextOrNull } from './fs-util.ts';
import { entryBelowWorkspace, freshText } from './fresh-text.ts';
import { assertNoSymlink } from './no-symlink.ts';
import type { VillagePaths } from './paths.ts';
import { parsePendingEntry, parseRunJson } from './run-json.ts';
import { removeWorkspaceEntry, writeWorkspaceFileAtomic } from './workspace-write.ts';

export const RUN_JSON_WRITE_ATTEMPTS = 3;
export { RUN_TIMEOUT_MAX_SECS } from './run-json.ts';

export async function readConfigFile(
  paths: VillagePaths,
  agentId: string,
  kind: ConfigFileKind,
): Promise<string> {
  const path = paths.configFile(agentId, kind);
  // Every turn reads three of these: the link check runs each time, the content comes from memory
  // while the file is unchanged (fresh-text.ts).
  const entry = entryBelowWorkspace(paths.workspace, path);
  try {
    if (entry.kind === 'absent') return '';
    if (entry.kind === 'file') return (await freshText(path, entry.stat)) ?? '';
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
  const root = paths.workspace;
  await assertNoSymlink(root, path);
  if (kind === 'run') return withFileLock(path, () => writeRunJson(root, path, content));
  if (kind === 'mcp' && content.trim() === '') {
    try {
      removeWorkspaceEntry(root, path);
    } catch (error) {
      throw configIo('remove', path, error);
    }
    return;
  }
  if (kind === 'mcp') validateMcpJson(content);
  try {
    await writeWorkspaceFileAtomic(root, path, content);
  } catch (error) {
    throw configIo('write', path, error);
  }
}

function serdeFailed(file: string, problem: string): CoreError {
  return new CoreError('SERDE_FAILED', `${file} was not saved: ${problem}`);
}

/**
 * The same parser and five-stage validation the MCP client reads with, so a UI save can never put
 * on disk a file the client would refuse. Every bad entry is named (its first problem), so one save
 * attempt shows them all. Empty content never gets here (writeConfigFile removes the file).
 */
export function validateMcpJson(content: string): void {
  const problems = configProblems(parseMcpConfig(content));
  if (problems.length > 0) throw serdeFailed('mcp.json', problems.join('; '));
}

interface RunJson extends Record<string, unknown> {
  pending?: unknown[];
}

/** The same parser the run tool reads with: allow / deny / pending entries / timeoutSecs. */
function validateRunJson(content: string): RunJson {
  const parsed = parseRunJson(content);
  if (!parsed.ok) throw serdeFailed('run.json', parsed.problem);
  return parsed.raw as RunJson;
}

const locks = new Map<string, Promise<unknown>>();

/** One writer at a time per file in this process (the agent's pending appends take the same lock). */
export function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const run = (locks.get(path) ?? Promise.resolve()).then(task);
  const settled = run.catch(() => undefined);
  locks.set(path, settled);
  void settled.then(() => {
    if (locks.get(path) === settled) locks.delete(path);
  });
  return run;
}

/**
 * The agent's requests on disk, only the entries the run tool can read (a malformed one would leave
 * the whole file unreadable to it); null when the file is absent or not a JSON object with a list.
 */
function pendingOnDisk(text: string | null): unknown[] | null {
  if (text === null) return null;
  try {
    const onDisk = JSON.parse(text) as RunJson | null;
    if (!onDisk || !Array.isArray(onDisk.pending)) return null;
    return onDisk.pending.filter((entry) => parsePendingEntry(entry) !== null);
  } catch {
    return null;
  }
}

/**
 * run.json is shared with the agent, which appends `pending` requests: a save takes the person's
 * allow/deny/timeout but keeps the pending list on disk (never a full overwrite). Read -> apply ->
 * atomic write, retried when the file changed underneath. Empty content removes the file only when
 * nothing is pending.
 */
async function writeRunJson(root: string, path: string, content: string): Promise<void> {
  const edited: RunJson | null = content.trim() === '' ? null : validateRunJson(content);
  for (let attempt = 1; attempt <= RUN_JSON_WRITE_ATTEMPTS; attempt += 1) {
    const before = await readQuiet(path);
    // Unreadable or absent on disk: the person's own list (already checked) is all there is.
    const pending = pendingOnDisk(before) ?? (edited && Array.isArray(edited.pending) ? edited.pending : []);
    let text: string | null = null;
    if (edited !== null || pending.length > 0) {
      try {
        text = `${JSON.stringify({ ...edited, pending }, null, 2)}\n`;
      } catch {
        throw serdeFailed('run.json', 'the content cannot be saved as JSON');
      }
    }
    if ((await readQuiet(path)) !== before) continue;
    try {
      if (text === null) removeWorkspaceEntry(root, path);
      else await writeWorkspaceFileAtomic(root, path, text);
      return;
    } catch (error) {
      // A refusal (a planted link) will not go away by trying again.
      if (isCoreError(error)) throw error;
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
