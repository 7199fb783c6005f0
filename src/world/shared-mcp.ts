/**
 * The village-wide `{workspace}/mcp.json` (issue 25: editable in the MCP dialog), read and saved
 * under the same rules as an agent's mcp.json: no symbolic link on the way, the same parser and
 * validation before anything is written, empty content removes the file.
 */
import { configIo, readTextOrNull } from './fs-util.ts';
import { validateMcpJson, withFileLock } from './config-files.ts';
import { assertNoSymlink } from './no-symlink.ts';
import type { VillagePaths } from './paths.ts';
import { removeWorkspaceEntry, writeWorkspaceFileAtomic } from './workspace-write.ts';

/** The file's text; '' when there is none. */
export async function readSharedMcp(paths: Pick<VillagePaths, 'workspace' | 'sharedMcp'>): Promise<string> {
  // It names commands this machine runs: a link to a file elsewhere would hand that choice away.
  await assertNoSymlink(paths.workspace, paths.sharedMcp);
  try {
    return (await readTextOrNull(paths.sharedMcp)) ?? '';
  } catch (error) {
    throw configIo('read', paths.sharedMcp, error);
  }
}

/** Saves it, or removes it for empty content; a bad file is refused (SERDE_FAILED) and disk is untouched. */
export function writeSharedMcp(
  paths: Pick<VillagePaths, 'workspace' | 'sharedMcp'>,
  content: string,
): Promise<void> {
  // One save at a time (two tabs saving at once): each check and write happen together.
  return withFileLock(paths.sharedMcp, () => writeNow(paths, content));
}

async function writeNow(
  paths: Pick<VillagePaths, 'workspace' | 'sharedMcp'>,
  content: string,
): Promise<void> {
  const root = paths.workspace;
  const path = paths.sharedMcp;
  await assertNoSymlink(root, path);
  if (content.trim() === '') {
    try {
      removeWorkspaceEntry(root, path);
    } catch (error) {
      throw configIo('remove', path, error);
    }
    return;
  }
  validateMcpJson(content);
  try {
    await writeWorkspaceFileAtomic(root, path, content);
  } catch (error) {
    throw configIo('write', path, error);
  }
}
