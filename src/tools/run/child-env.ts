/**
 * The child's environment: cleared, then these copied from the parent by name when present
 * (ledger part 5 §5, listed by name and not counted, rule #67): PATH, SYSTEMROOT, TEMP, TMP, HOME,
 * USERPROFILE, LANG, PROGRAMDATA.
 *
 * This is for availability, not safety: PATH lets the child reach any executable on the machine, and
 * secrets stay readable as files (~/.aws/credentials). PROGRAMDATA is there because Windows OpenSSH
 * dies at startup without it.
 *
 * On Linux the process tree adds one more, `FUSEFORKS_RUN_ID` (run-marker.ts): a random value per
 * call that lets the tree kill find descendants that left the process group.
 */
export const CHILD_ENV_NAMES = [
  'PATH',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'HOME',
  'USERPROFILE',
  'LANG',
  'PROGRAMDATA',
] as const;

/** On Windows `process.env` looks names up case-insensitively, so `Path` is found as PATH. */
export function childEnv(parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of CHILD_ENV_NAMES) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
