/**
 * The few facts about the host that matching and resolving depend on. Passed in rather than read
 * inside, so the Windows rules (PATHEXT, `;` in PATH) are testable on any machine.
 */
export interface HostInfo {
  platform: NodeJS.Platform;
  /** Lower-cased executable extensions, each with its dot (Windows only; empty elsewhere). */
  pathext: readonly string[];
}

/** Used on Windows when PATHEXT is absent from the environment. */
export const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

export function parsePathext(value: string | undefined): string[] {
  return (value ?? DEFAULT_PATHEXT)
    .split(';')
    .map((ext) => ext.trim().toLowerCase())
    .filter((ext) => ext.length > 1 && ext.startsWith('.'));
}

/** Read on every call: PATHEXT (like PATH) is never cached. */
export function currentHost(): HostInfo {
  const platform = process.platform;
  return { platform, pathext: platform === 'win32' ? parsePathext(process.env.PATHEXT) : [] };
}
