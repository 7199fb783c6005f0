import type { PlanTaskState, PlanWaveRecord } from './types.ts';

export type CellTone = 'running' | 'ok' | 'caution' | 'fail' | 'proposal' | 'discarded';

/**
 * A task cell's colour (ledger part 3 §2.10): the wave's state decides first — a pending wave's
 * `running` is only a placeholder and must not animate. handed_off and interrupted are cautions (a
 * person stopped it, or a forward came back); budget_exhausted is a failure like the other three.
 */
export function cellTone(task: PlanTaskState, wave: PlanWaveRecord['state']): CellTone {
  if (wave === 'pending') return 'proposal';
  if (wave === 'discarded') return 'discarded';
  switch (task) {
    case 'running':
      return 'running';
    case 'answered':
      return 'ok';
    case 'handed_off':
    case 'interrupted':
      return 'caution';
    default:
      return 'fail';
  }
}

export const waveKey = (w: Pick<PlanWaveRecord, 'planId' | 'startedAtMs'>) => `${w.planId}:${w.startedAtMs}`;

/** Finished: not awaiting review and no task still running. */
export function isFinished(wave: PlanWaveRecord): boolean {
  return (
    wave.state !== 'pending' && !wave.tasks.some((t) => t.state === 'running' && wave.state === 'dispatched')
  );
}

/** "Clear finished waves" remembers exactly the waves finished at that moment (the set is replaced). */
export function clearFinishedKeys(waves: readonly PlanWaveRecord[]): string[] {
  return waves.filter(isFinished).map(waveKey);
}

export function visibleWaves(waves: readonly PlanWaveRecord[], cleared: readonly string[]): PlanWaveRecord[] {
  const hidden = new Set(cleared);
  return waves.filter((w) => !hidden.has(waveKey(w)));
}

export interface DraftTask {
  to: string;
  message: string;
}

/** The checks dispatch repeats on the server, done first so the person sees them before sending. */
export function draftProblems(tasks: readonly DraftTask[], connections: readonly string[]): string[] {
  const problems: string[] = [];
  if (tasks.length === 0) problems.push('empty');
  const seen = new Set<string>();
  for (const task of tasks) {
    if (!connections.includes(task.to)) problems.push(`notConnected:${task.to}`);
    if (seen.has(task.to)) problems.push(`duplicate:${task.to}`);
    seen.add(task.to);
    if (task.message.trim() === '') problems.push(`emptyMessage:${task.to}`);
  }
  return problems;
}
