import { homedir } from 'node:os';
import { join } from 'node:path';

export interface TrashPlaceFacts {
  platform: NodeJS.Platform;
  /** XDG_DATA_HOME as the environment has it (unset or empty = the XDG default). */
  xdgDataHome: string | undefined;
  home: string;
}

const currentFacts = (): TrashPlaceFacts => ({
  platform: process.platform,
  xdgDataHome: process.env.XDG_DATA_HOME,
  home: homedir(),
});

/**
 * Where the OS trash is looked for, as a person should read it in a failure message: on Linux the
 * XDG home trash (`$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`, the folder the trash package
 * uses for files on the home file system), with the home shown as `~`; null on other systems, whose
 * trash is the system's own (Recycle Bin, Finder) and has no folder worth naming.
 */
export function trashPlace(facts: TrashPlaceFacts = currentFacts()): string | null {
  if (facts.platform !== 'linux') return null;
  // As the trash package's xdg-basedir reads it: any non-empty value, taken as it is.
  const xdg = facts.xdgDataHome === undefined || facts.xdgDataHome === '' ? null : facts.xdgDataHome;
  const place = join(xdg ?? join(facts.home, '.local', 'share'), 'Trash');
  const home = facts.home.replace(/\/+$/, '');
  if (home !== '' && (place === home || place.startsWith(`${home}/`))) return `~${place.slice(home.length)}`;
  return place;
}
