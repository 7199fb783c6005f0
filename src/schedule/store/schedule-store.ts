/**
 * The owner of the schedules (ledger `Shared.schedules`): the list lives here and `schedules.json` is
 * always its projection. Two writers use it, the ticker (consume) and the commands (create, edit,
 * delete); each change runs on the current list and is saved before the next one starts, so neither
 * overwrites the other and two saves never share a temp file. A file that could not be read blocks
 * every write (SCHEDULE_STORE_BLOCKED): writing over it would erase the schedules its owner could
 * still repair.
 */
import { randomUUID } from 'node:crypto';
import { CoreError, isCoreError } from '../../domain/errors.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { DiagLog } from '../../diag/log.ts';
import { readTextOrNull } from '../../world/fs-util.ts';
import { assertNoSymlink } from '../../world/no-symlink.ts';
import { writeWorkspaceFileAtomic } from '../../world/workspace-write.ts';
import { decodeSchedules, encodeSchedules, type Schedule, type UnknownFields } from './schedule-codec.ts';

/** What a person sets; the store owns id, createdAtMs and lastConsumedDueMs. */
export type ScheduleSettings = Omit<Schedule, 'id' | 'createdAtMs' | 'lastConsumedDueMs'>;

export interface ScheduleStoreDeps {
  workspace: string;
  /** `{workspace}/schedules.json` */
  file: string;
  log: DiagLog;
  agentExists: (id: AgentId) => boolean;
  now?: () => number;
  newId?: () => string;
}

type Loaded = { schedules: Schedule[]; unknown: Map<string, UnknownFields>; blocked: string | null };

async function load(deps: ScheduleStoreDeps): Promise<Loaded> {
  const empty = { schedules: [], unknown: new Map<string, UnknownFields>() };
  let text: string | null;
  try {
    // The messages reach a prompt: never read them through a link planted in a shared village.
    await assertNoSymlink(deps.workspace, deps.file);
    text = await readTextOrNull(deps.file);
  } catch (error) {
    const code = isCoreError(error) ? error.code : ((error as NodeJS.ErrnoException).code ?? 'error');
    return { ...empty, blocked: `schedules.json could not be read (${code})` };
  }
  if (text === null) return { ...empty, blocked: null };
  const decoded = decodeSchedules(text, deps.agentExists);
  if (!decoded.readable) return { ...empty, blocked: decoded.problem };
  for (const line of decoded.dropped) deps.log.warn(line);
  return { schedules: decoded.schedules, unknown: decoded.unknown, blocked: null };
}

export class ScheduleStore {
  private schedules: Schedule[];
  private readonly unknown: Map<string, UnknownFields>;
  /** Why writes are refused, or null. */
  readonly blocked: string | null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly newId: () => string;

  private constructor(
    private readonly deps: ScheduleStoreDeps,
    loaded: Loaded,
  ) {
    this.schedules = loaded.schedules;
    this.unknown = loaded.unknown;
    this.blocked = loaded.blocked;
    this.now = deps.now ?? Date.now;
    this.newId = deps.newId ?? randomUUID;
  }

  /** Startup goes on whatever the file holds: an unreadable one only blocks writes (one WARN). */
  static async open(deps: ScheduleStoreDeps): Promise<ScheduleStore> {
    const loaded = await load(deps);
    if (loaded.blocked !== null) {
      deps.log.warn(
        `schedules: ${loaded.blocked}; no schedule runs and changes are refused until it is fixed`,
      );
    }
    return new ScheduleStore(deps, loaded);
  }

  /** Throws SCHEDULE_STORE_BLOCKED when writes are refused: a command checks before it does anything. */
  assertWritable(): void {
    if (this.blocked !== null) {
      throw new CoreError(
        'SCHEDULE_STORE_BLOCKED',
        'schedules.json could not be read, so it is not written over: fix or remove it, then restart',
        { detail: this.blocked },
      );
    }
  }

  list(): Schedule[] {
    return this.schedules.map((s) => ({ ...s }));
  }

  get(id: string): Schedule | null {
    const found = this.schedules.find((s) => s.id === id);
    return found ? { ...found } : null;
  }

  require(id: string): Schedule {
    const found = this.get(id);
    if (found === null) throw notFound(id);
    return found;
  }

  create(settings: ScheduleSettings): Promise<Schedule> {
    return this.change((list) => {
      this.requireTarget(settings.to);
      const created: Schedule = {
        ...settings,
        id: this.newId(),
        createdAtMs: this.now(),
        lastConsumedDueMs: null,
      };
      return { next: [...list, created], result: created };
    });
  }

  /** Keeps the id, createdAtMs, the consumed slot and the keys this version does not know. */
  update(id: string, settings: ScheduleSettings): Promise<Schedule> {
    return this.change((list) => {
      const old = findOrThrow(list, id);
      this.requireTarget(settings.to);
      const updated: Schedule = {
        ...settings,
        id,
        createdAtMs: old.createdAtMs,
        lastConsumedDueMs: old.lastConsumedDueMs,
      };
      return { next: list.map((s) => (s.id === id ? updated : s)), result: updated };
    });
  }

  delete(id: string): Promise<void> {
    return this.change((list) => {
      findOrThrow(list, id);
      return { next: list.filter((s) => s.id !== id), result: undefined };
    });
  }

  setEnabled(id: string, enabled: boolean): Promise<Schedule> {
    return this.change((list) => {
      const updated = { ...findOrThrow(list, id), enabled };
      return { next: list.map((s) => (s.id === id ? updated : s)), result: updated };
    });
  }

  /**
   * Records `dueMs` as consumed (fired or skipped). False, with nothing written, when the schedule
   * is gone (deleted while it fired) or already holds that slot or a later one: the field only moves
   * forward.
   */
  consume(id: string, dueMs: number): Promise<boolean> {
    return this.change((list) => {
      const old = list.find((s) => s.id === id);
      if (!old || (old.lastConsumedDueMs !== null && old.lastConsumedDueMs >= dueMs)) {
        return { next: null, result: false };
      }
      const updated = { ...old, lastConsumedDueMs: dueMs };
      return { next: list.map((s) => (s.id === id ? updated : s)), result: true };
    });
  }

  /** Deleting an agent deletes the schedules that target it; answers how many went. */
  deleteForAgent(agentId: AgentId): Promise<number> {
    return this.change((list) => {
      const kept = list.filter((s) => s.to !== agentId);
      const removed = list.length - kept.length;
      return { next: removed === 0 ? null : kept, result: removed };
    });
  }

  /**
   * Runs `edit` on the current list after every earlier change has been saved; `next: null` means
   * nothing changed (nothing is written, and a blocked store does not refuse it).
   */
  private change<T>(edit: (list: readonly Schedule[]) => { next: Schedule[] | null; result: T }): Promise<T> {
    const run = this.queue.then(async () => {
      const { next, result } = edit(this.schedules);
      if (next === null) return result;
      this.assertWritable();
      await this.save(next);
      this.schedules = next;
      for (const id of this.unknown.keys()) if (!next.some((s) => s.id === id)) this.unknown.delete(id);
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async save(next: readonly Schedule[]): Promise<void> {
    try {
      await writeWorkspaceFileAtomic(
        this.deps.workspace,
        this.deps.file,
        encodeSchedules(next, this.unknown),
      );
    } catch (error) {
      if (isCoreError(error)) throw error;
      throw new CoreError('CONFIG_IO', 'could not write schedules.json', {
        detail: (error as NodeJS.ErrnoException).code ?? null,
        cause: error,
      });
    }
  }

  private requireTarget(to: AgentId): void {
    if (!this.deps.agentExists(to)) {
      throw new CoreError('AGENT_NOT_FOUND', `no agent ${to} to send the schedule to`, { agentId: to });
    }
  }
}

function notFound(id: string): CoreError {
  // The id came from a client: shown bounded.
  return new CoreError('SCHEDULE_NOT_FOUND', `no schedule with id ${JSON.stringify(id.slice(0, 64))}`);
}

function findOrThrow(list: readonly Schedule[], id: string): Schedule {
  const found = list.find((s) => s.id === id);
  if (!found) throw notFound(id);
  return found;
}
