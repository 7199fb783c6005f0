/** Tests only: a stored schedule with the given probe / acceptance, the rest at plain values. */
import type { ScheduledTask } from '../../domain/schedule.ts';

export const FIXTURE_VILLAGE_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

export function scheduleWith(id: string, extra: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id,
    to: 'agent_1' as ScheduledTask['to'],
    message: 'hi',
    recurrence: { kind: 'interval', everyMinutes: 5 },
    createdAtMs: 0,
    lastConsumedDueMs: null,
    enabled: true,
    ...extra,
  };
}
