/**
 * The bundled tools (ledger part 2 §5.7): `run` is bundled but never in the default set, and neither
 * is `browser` (ARCHITECTURE §8: it runs scripts in pages; a servant gets it only when asked for).
 */
export const DEFAULT_ENABLED_TOOLS = ['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;
export const BUNDLED_TOOL_NAMES = [...DEFAULT_ENABLED_TOOLS, 'run', 'browser'] as const;
/** Tools that only act inside the work folder: hidden without one, whatever enabledTools says. */
export const WORK_DIR_TOOL_NAMES = ['grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;

/**
 * Bundled tools outside all three lists (ledger part 2 §5.7: `enabledTools` covers only the lists'
 * tools): they are always handed to the turn and gate themselves in `specFor` (the blackboard on the
 * work folder and `usesBlackboard`), so villages with an explicit `enabledTools` array still get them.
 */
export const SELF_GATED_TOOL_NAMES = ['blackboard'] as const;

/** Whether a bundled tool is offered to an agent with these settings. */
export function isBundledToolPresented(
  name: string,
  enabledTools: string[] | null,
  hasWorkDir: boolean,
): boolean {
  if ((SELF_GATED_TOOL_NAMES as readonly string[]).includes(name)) return true;
  const enabled =
    enabledTools === null
      ? (DEFAULT_ENABLED_TOOLS as readonly string[]).includes(name)
      : enabledTools.includes(name);
  if (!enabled) return false;
  return hasWorkDir || !(WORK_DIR_TOOL_NAMES as readonly string[]).includes(name);
}
