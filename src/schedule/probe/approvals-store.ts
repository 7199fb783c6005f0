/**
 * `{app data}/probe_approvals.json`: exactly `{"hashes": ["<64 hex>", …]}`, mode 0600, outside the
 * workspace (ledger part 3 §4, §5 Approval). Only hashes are kept, never a command's text.
 *
 * - Read on every question, so deleting the file (the ledger's remedy) takes effect at once.
 * - An unreadable file (bad JSON, another shape, no permission) reads as empty: every command is
 *   unapproved. It is never rewritten: writing a default back would throw away the record of what was
 *   approved before it broke (failures.md #70). So approve() refuses with CONFIG_IO while the file is
 *   unreadable, and prune() leaves it alone.
 * - Only the schedule create / update commands approve (a person's save); create / update / delete
 *   prune. set_schedule_enabled does neither: pausing is not revoking. There is no clock-based GC.
 * - A write happens only when the set changes, so the file stays byte-identical otherwise.
 */
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { CoreError } from '../../domain/errors.ts';
import type { ScheduledTask } from '../../domain/schedule.ts';
import { configIo, readTextOrNull, writeFileAtomic } from '../../world/fs-util.ts';
import { APPROVAL_HASH_PATTERN, approvalKey, type ProbeCommand } from './approval-key.ts';

export const PROBE_APPROVALS_FILE = 'probe_approvals.json';

/** `appData` is the device's app-data folder (VillagePaths.home), never the workspace. */
export function probeApprovalsPath(appData: string): string {
  return join(appData, PROBE_APPROVALS_FILE);
}

type LoadedApprovals = { readable: true; hashes: string[] } | { readable: false; problem: string };

function parseApprovals(text: string): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'hashes') return null;
  const hashes = (value as { hashes: unknown }).hashes;
  if (!Array.isArray(hashes)) return null;
  if (!hashes.every((h) => typeof h === 'string' && APPROVAL_HASH_PATTERN.test(h))) return null;
  return hashes as string[];
}

/** The commands of a schedule that need approval: its probe and its acceptance, when present. */
export function commandsOf(schedule: ScheduledTask): ProbeCommand[] {
  const out: ProbeCommand[] = [];
  if (schedule.probe) out.push(schedule.probe);
  if (schedule.acceptance) out.push(schedule.acceptance);
  return out;
}

export class ProbeApprovals {
  /** Writes run one at a time, so two saves never lose each other's hash. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    /** `{app data}/probe_approvals.json` */
    readonly path: string,
    readonly villageId: string,
  ) {}

  private async load(): Promise<LoadedApprovals> {
    let text: string | null;
    try {
      text = await readTextOrNull(this.path);
    } catch (error) {
      return { readable: false, problem: (error as NodeJS.ErrnoException).code ?? 'read failed' };
    }
    if (text === null) return { readable: true, hashes: [] };
    const hashes = parseApprovals(text);
    return hashes === null
      ? { readable: false, problem: 'not {"hashes": [64-hex, …]}' }
      : { readable: true, hashes };
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async write(hashes: string[]): Promise<void> {
    try {
      await writeFileAtomic(this.path, `${JSON.stringify({ hashes })}\n`);
      // A new file is created 0600; said again in case the platform's umask or rename kept another mode.
      if (process.platform !== 'win32') await chmod(this.path, 0o600);
    } catch (error) {
      throw configIo('write', this.path, error);
    }
  }

  keyOf(command: ProbeCommand): string {
    return approvalKey(command, this.villageId);
  }

  async isApproved(command: ProbeCommand): Promise<boolean> {
    const loaded = await this.load();
    return loaded.readable && loaded.hashes.includes(this.keyOf(command));
  }

  /** Approves the schedule's probe and acceptance commands (create / update, before schedules.json). */
  approveSchedule(schedule: ScheduledTask): Promise<void> {
    return this.approve(commandsOf(schedule));
  }

  approve(commands: readonly ProbeCommand[]): Promise<void> {
    if (commands.length === 0) return Promise.resolve();
    return this.serial(async () => {
      const loaded = await this.load();
      if (!loaded.readable) {
        throw new CoreError(
          'CONFIG_IO',
          `${PROBE_APPROVALS_FILE} is unreadable, so no command can be approved; delete the file to start over (every approval is then gone)`,
          { detail: loaded.problem },
        );
      }
      const added = commands.map((c) => this.keyOf(c)).filter((key, i, all) => all.indexOf(key) === i);
      const fresh = added.filter((key) => !loaded.hashes.includes(key));
      if (fresh.length > 0) await this.write([...loaded.hashes, ...fresh]);
    });
  }

  /**
   * Drops every approval that no probe or acceptance of `schedules` (the current schedules.json) uses:
   * the only way an approval is revoked. Returns how many were dropped.
   */
  pruneTo(schedules: readonly ScheduledTask[]): Promise<number> {
    return this.serial(async () => {
      const loaded = await this.load();
      if (!loaded.readable) return 0;
      const used = new Set(schedules.flatMap((s) => commandsOf(s).map((c) => this.keyOf(c))));
      const kept = loaded.hashes.filter((key) => used.has(key));
      if (kept.length === loaded.hashes.length) return 0;
      await this.write(kept);
      return loaded.hashes.length - kept.length;
    });
  }
}
