/**
 * The bundled tools (ledger part 2 §5.7): `run` is bundled but never in the default set, and neither
 * is `browser` (ARCHITECTURE §8: it runs scripts in pages; a servant gets it only when asked for).
 */
export const DEFAULT_ENABLED_TOOLS = ['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;
export const BUNDLED_TOOL_NAMES = [...DEFAULT_ENABLED_TOOLS, 'run', 'browser'] as const;
/** Tools that only act inside the work folder: hidden without one, whatever enabledTools says. */
export const WORK_DIR_TOOL_NAMES = ['grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;

/**
 * Bundled tools outside all three lists, offered by their own declaration and never by `enabledTools`
 * (ledger part 2 §5.7; part 5 `rag` D13): each gates itself in `specFor` — `rag` when the agent's
 * ragSources has a valid root, the blackboard on the work folder and `usesBlackboard` — so villages
 * with an explicit `enabledTools` array still get them.
 */
export const SELF_GATED_TOOL_NAMES = ['rag', 'blackboard'] as const;

export function isSelfGatedTool(name: string): boolean {
  return (SELF_GATED_TOOL_NAMES as readonly string[]).includes(name);
}

/** Whether a bundled tool is offered to an agent with these settings. */
export function isBundledToolPresented(
  name: string,
  enabledTools: string[] | null,
  hasWorkDir: boolean,
): boolean {
  if (isSelfGatedTool(name)) return true;
  const enabled =
    enabledTools === null
      ? (DEFAULT_ENABLED_TOOLS as readonly string[]).includes(name)
      : enabledTools.includes(name);
  if (!enabled) return false;
  return hasWorkDir || !(WORK_DIR_TOOL_NAMES as readonly string[]).includes(name);
}
