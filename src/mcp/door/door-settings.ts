import { basename } from 'node:path';
import { CoreError } from '../../domain/errors.ts';
import { configIo, readTextOrNull, writeFileAtomic } from '../../world/fs-util.ts';
import {
  DEFAULT_DOOR_SETTINGS,
  doorPortProblem,
  newDoorToken,
  parseDoorSettings,
  serializeDoorSettings,
  type DoorSettings,
} from './door-settings-codec.ts';

/** What the file says: the settings, or why it cannot be used (never quoting it: it holds the token). */
export type DoorSettingsRead =
  { readable: true; settings: DoorSettings } | { readable: false; problem: string };

export interface DoorSettingsInput {
  enabled: boolean;
  port: number;
}

/**
 * `{home}/mcp_server.json`: on/off, port and token of the door, per device (ledger part 5 §2.8).
 * Every operation reads the file first, so a hand fix takes effect without a restart. A file that exists
 * but cannot be used is never overwritten: writing defaults back would wipe the token and the port that
 * outside clients are configured with (#70), so writes are refused until a person fixes or removes it.
 * The file is written atomically with mode 0600 (nothing is done about ACLs on Windows).
 */
export class DoorSettingsStore {
  private last: DoorSettingsRead | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** The result of the last read or write; null before the first. */
  current(): DoorSettingsRead | null {
    return this.last;
  }

  /** Reads the file now. A missing file is the defaults (off, port 39091, no token). */
  read(): Promise<DoorSettingsRead> {
    return this.serial(() => this.readNow());
  }

  /** Turns the door on or off and sets its port. The token is created the first time the door is on. */
  setSettings(input: DoorSettingsInput): Promise<DoorSettings> {
    if (typeof input.enabled !== 'boolean') {
      return Promise.reject(new CoreError('INVALID_ARGUMENT', 'enabled must be true or false'));
    }
    const portProblem = doorPortProblem(input.port);
    if (portProblem !== null) return Promise.reject(new CoreError('INVALID_ARGUMENT', portProblem));
    return this.update((settings) => ({
      enabled: input.enabled,
      port: input.port,
      token: settings.token ?? (input.enabled ? newDoorToken() : null),
    }));
  }

  /** The explicit button: a new token now (clients configured with the old one get 401 from then on). */
  regenerateToken(): Promise<DoorSettings> {
    return this.update((settings) => ({ ...settings, token: newDoorToken() }));
  }

  private update(change: (settings: DoorSettings) => DoorSettings): Promise<DoorSettings> {
    return this.serial(async () => {
      const read = await this.readNow();
      if (!read.readable) throw this.refusal(read.problem);
      const next = change(read.settings);
      try {
        await writeFileAtomic(this.path, serializeDoorSettings(next));
      } catch (error) {
        throw configIo('write', this.path, error);
      }
      this.last = { readable: true, settings: next };
      return next;
    });
  }

  private async readNow(): Promise<DoorSettingsRead> {
    let text: string | null;
    try {
      text = await readTextOrNull(this.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
      return this.remember({ readable: false, problem: `could not read the file (${code})` });
    }
    if (text === null) return this.remember({ readable: true, settings: { ...DEFAULT_DOOR_SETTINGS } });
    const parsed = parseDoorSettings(text);
    return this.remember(
      parsed.ok
        ? { readable: true, settings: parsed.settings }
        : { readable: false, problem: parsed.problem },
    );
  }

  private remember(read: DoorSettingsRead): DoorSettingsRead {
    this.last = read;
    return read;
  }

  private refusal(problem: string): CoreError {
    const name = basename(this.path);
    return new CoreError(
      'CONFIG_IO',
      `${name} is unreadable (${problem}); it is not overwritten, so its token and port are kept. ` +
        `Fix or remove ${this.path} by hand, then try again`,
      { detail: problem },
    );
  }

  /** One read-modify-write at a time, so two quick saves cannot lose each other's change. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
