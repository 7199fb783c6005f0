/**
 * Finds the executable for a command through PATH, on every call (never cached: a corrected PATH
 * takes effect from the next run). The result is shown in the tool result and the log every time,
 * because which binary `python` names depends on PATH at that moment.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { HostInfo } from './host.ts';
import { commandProblem } from './patterns.ts';

async function isRunnableFile(path: string, host: HostInfo): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    if (host.platform !== 'win32') await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** PATH's folders in order; empty and relative entries are skipped (they would mean "the cwd"). */
export function pathDirs(pathVar: string | undefined, host: HostInfo): string[] {
  const delimiter = host.platform === 'win32' ? ';' : ':';
  return (pathVar ?? '')
    .split(delimiter)
    .map((dir) => (host.platform === 'win32' ? dir.trim().replace(/^"(.*)"$/, '$1') : dir))
    .filter((dir) => dir !== '' && isAbsolute(dir));
}

/** The names tried in each folder: on Windows the name as written only if it already has a PATHEXT extension, then name + each extension. */
function candidates(command: string, host: HostInfo): string[] {
  if (host.platform !== 'win32') return [command];
  const lower = command.toLowerCase();
  const hasExt = host.pathext.some((ext) => lower.endsWith(ext));
  return [...(hasExt ? [command] : []), ...host.pathext.map((ext) => `${command}${ext}`)];
}

/**
 * The full path PATH gives for `command`, or null. A command with a path separator (or otherwise
 * unmatchable) is refused before anything is looked up.
 */
export async function resolveProgram(
  command: string,
  pathVar: string | undefined,
  host: HostInfo,
): Promise<string | null> {
  if (commandProblem(command) !== null) return null;
  for (const dir of pathDirs(pathVar, host)) {
    for (const name of candidates(command, host)) {
      const full = join(dir, name);
      if (await isRunnableFile(full, host)) return full;
    }
  }
  return null;
}

/** Windows batch files cannot be started without a shell (cmd.exe), which run never uses. */
export function needsShell(resolved: string, host: HostInfo): boolean {
  return host.platform === 'win32' && /\.(bat|cmd)$/i.test(resolved);
}
