import type { PlanTaskState } from '../../domain/enums.ts';
import type { EventBus } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import { PLAN_WAVE_RING, type PlanWaveRecord } from '../../domain/plan.ts';

/**
 * The plan waves of this process (ledger part 3, PlanWaveRecord): memory only, the last 50, planId
 * from 1. Every change is also an event, in the order Started -> TaskResolved* -> Finished per plan;
 * `list` re-projects the same records (the UI listens first, then lists, then upserts by planId).
 */
export class PlanWaves {
  private readonly ring: PlanWaveRecord[] = [];
  private nextPlanId = 1;

  constructor(private readonly events: EventBus) {}

  start(agentId: AgentId, wave: number, tasks: { to: AgentId; msgChars: number }[], nowMs: number): number {
    const planId = this.nextPlanId++;
    this.ring.push({
      planId,
      agentId,
      wave,
      state: 'dispatched',
      startedAtMs: nowMs,
      tasks: tasks.map((task) => ({
        to: task.to,
        state: 'running',
        elapsedMs: null,
        msgChars: task.msgChars,
      })),
      bundleChars: null,
      elapsedMs: null,
    });
    // The oldest goes whatever its state; later updates to it are ignored (its events still go out).
    while (this.ring.length > PLAN_WAVE_RING) this.ring.shift();
    this.events.emit({ type: 'planWaveStarted', planId, agentId, wave, tasks, startedAtMs: nowMs });
    return planId;
  }

  /** A proposal awaiting review (Spec 43): recorded with each task's message, nothing delivered. */
  propose(agentId: AgentId, wave: number, tasks: { to: AgentId; message: string }[], nowMs: number): number {
    const planId = this.start(
      agentId,
      wave,
      tasks.map((task) => ({ to: task.to, msgChars: [...task.message].length })),
      nowMs,
    );
    const record = this.find(planId);
    if (record) {
      record.state = 'pending';
      record.tasks.forEach((task, index) => (task.message = tasks[index]!.message));
    }
    return planId;
  }

  get(planId: number): PlanWaveRecord | undefined {
    const record = this.find(planId);
    return record && structuredClone(record);
  }

  /** The person approved: the final tasks replace the proposal's, and the wave starts (again) as dispatched. */
  dispatch(planId: number, tasks: { to: AgentId; msgChars: number }[], nowMs: number): void {
    const record = this.find(planId);
    if (!record) return;
    record.state = 'dispatched';
    record.startedAtMs = nowMs;
    record.tasks = tasks.map((task) => ({
      to: task.to,
      state: 'running',
      elapsedMs: null,
      msgChars: task.msgChars,
    }));
    this.events.emit({
      type: 'planWaveStarted',
      planId,
      agentId: record.agentId,
      wave: record.wave,
      tasks,
      startedAtMs: nowMs,
    });
  }

  /** The person discarded the proposal: its messages go, nothing is delivered. */
  discard(planId: number): void {
    const record = this.find(planId);
    if (!record) return;
    record.state = 'discarded';
    for (const task of record.tasks) delete task.message;
    this.events.emit({ type: 'planWaveFinished', planId, bundleChars: null, elapsedMs: null });
  }

  /** A task is settled once: a later resolve of the same task is ignored. */
  resolveTask(planId: number, to: AgentId, state: PlanTaskState, elapsedMs: number | null): void {
    const task = this.find(planId)?.tasks.find((t) => t.to === to);
    if (task) {
      if (task.state !== 'running') return;
      task.state = state;
      task.elapsedMs = elapsedMs;
    }
    this.events.emit({ type: 'planTaskResolved', planId, to, state, elapsedMs });
  }

  /**
   * Closes the wave: a task still running becomes `closeAs` (interrupted when the wave was cut,
   * no_answer otherwise), so a finished wave never shows `running`.
   */
  finish(planId: number, bundleChars: number | null, elapsedMs: number, closeAs: PlanTaskState): void {
    const record = this.find(planId);
    for (const task of record?.tasks ?? []) {
      if (task.state === 'running') this.resolveTask(planId, task.to, closeAs, null);
    }
    if (record) {
      record.bundleChars = bundleChars;
      record.elapsedMs = elapsedMs;
    }
    this.events.emit({ type: 'planWaveFinished', planId, bundleChars, elapsedMs });
  }

  /** Oldest first, running waves included; copies, so callers cannot change the records. */
  list(): PlanWaveRecord[] {
    return structuredClone(this.ring);
  }

  private find(planId: number): PlanWaveRecord | undefined {
    return this.ring.find((record) => record.planId === planId);
  }
}
