import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CoreError } from '../domain/errors.ts';
import { writeFileAtomic } from '../world/fs-util.ts';

export const BROWSER_SETTINGS_FILE = 'browser.json';

export interface BrowserSettings {
  /** Whether `act:evaluate` (and `wait` with a function) may run caller-supplied scripts in pages. */
  evaluateEnabled: boolean;
}

export const DEFAULT_BROWSER_SETTINGS: BrowserSettings = { evaluateEnabled: true };

const FILE_SCHEMA = z.object({ evaluateEnabled: z.boolean().optional() }).loose();

/**
 * `{home}/browser.json`: device settings of the browser control service. A missing file is the
 * defaults; an unreadable one keeps evaluate off (the safe side) and refuses writes rather than
 * overwrite it.
 */
export class BrowserSettingsStore {
  private cached: BrowserSettings | null = null;
  private problem: string | null = null;

  constructor(private readonly path: string | null) {}

  async read(): Promise<BrowserSettings> {
    if (this.cached) return this.cached;
    if (this.path === null) return (this.cached = { ...DEFAULT_BROWSER_SETTINGS });
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return (this.cached = { ...DEFAULT_BROWSER_SETTINGS });
      this.problem = `browser.json could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
      return { evaluateEnabled: false };
    }
    try {
      const parsed = FILE_SCHEMA.parse(JSON.parse(text));
      this.problem = null;
      return (this.cached = {
        evaluateEnabled: parsed.evaluateEnabled ?? DEFAULT_BROWSER_SETTINGS.evaluateEnabled,
      });
    } catch {
      this.problem = 'browser.json is not a valid settings file';
      return { evaluateEnabled: false };
    }
  }

  async update(change: Partial<BrowserSettings>): Promise<BrowserSettings> {
    const current = await this.read();
    if (this.problem)
      throw new CoreError('CONFIG_IO', this.problem, { detail: 'fix or remove the file, then retry' });
    const next = { ...current, ...change };
    if (this.path !== null) await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
    this.cached = next;
    return next;
  }
}
