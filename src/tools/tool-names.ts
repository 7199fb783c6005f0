/**
 * The bundled tools (ledger part 2 §5.7): `run` is bundled but never in the default set, and neither
 * is `browser` (ARCHITECTURE §8: it runs scripts in pages; a servant gets it only when asked for).
 */
export const DEFAULT_ENABLED_TOOLS = ['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;
export const BUNDLED_TOOL_NAMES = [...DEFAULT_ENABLED_TOOLS, 'run', 'browser'] as const;
/** Tools that only act inside the work folder: hidden without one, whatever enabledTools says. */
export const WORK_DIR_TOOL_NAMES = ['grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;

/**
 * Tools offered by a declaration only, never by `enabledTools` (ledger part 5 `rag`, D13): `rag` is
 * offered exactly when the agent's ragSources has a valid root (its specFor decides). It is in none of
 * the three sets above and bypasses isBundledToolPresented.
 */
export const DECLARED_TOOL_NAMES = ['rag'] as const;

export function isDeclaredTool(name: string): boolean {
  return (DECLARED_TOOL_NAMES as readonly string[]).includes(name);
}

/** Whether a bundled tool is offered to an agent with these settings. */
export function isBundledToolPresented(
  name: string,
  enabledTools: string[] | null,
  hasWorkDir: boolean,
): boolean {
  const enabled =
    enabledTools === null
      ? (DEFAULT_ENABLED_TOOLS as readonly string[]).includes(name)
      : enabledTools.includes(name);
  if (!enabled) return false;
  return hasWorkDir || !(WORK_DIR_TOOL_NAMES as readonly string[]).includes(name);
}
