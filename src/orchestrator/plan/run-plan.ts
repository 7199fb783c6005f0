import { charCount } from '../lines/index.ts';
import type { Orchestrator } from '../orchestrator.ts';
import { askerOf, forwardedBody } from '../routing.ts';
import type { Turn } from '../turn-state.ts';
import { executeWave, liveVerifier } from './execute-wave.ts';
import type { PlanTask } from './execute-wave.ts';
import { readTasks } from './read-tasks.ts';
import { noteReviewSkipped } from './review-window.ts';

/**
 * The `plan` tool (ledger part 4, parallel_delegation): static refusals first (class 1); with the
 * review window open the wave is only proposed; otherwise the wave-wide hop limit (class 2), then
 * every task as an ask in parallel (class 3 failures stay with their task), bundled in input order
 * and checked by the village's default verifier when one is set.
 */
export async function runPlan(
  orch: Orchestrator,
  turn: Turn,
  args: Record<string, unknown>,
): Promise<string> {
  const read = readTasks(orch, turn.spec.id, turn.language, args.tasks);
  if (typeof read === 'string') return read;
  const tasks = forwardedTasks(turn, read);
  noteReviewSkipped(orch, turn);
  if (turn.envelope.incoming.hop + 1 >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return orch.text(turn.language).askHopLimit;
  }
  turn.waves += 1;
  const wave = turn.waves;
  const planId = orch.planWaves.start(
    turn.spec.id,
    wave,
    tasks.map((task) => ({ to: task.to, msgChars: charCount(task.message) })),
    orch.now(),
  );
  const bundle = await executeWave(orch, askerOf(turn), {
    planId,
    wave,
    tasks,
    verifier: liveVerifier(orch, orch.world().defaultVerifier),
  });
  return (
    bundle ?? orch.text(turn.language).askInterrupted(tasks.map((task) => orch.labelOf(task.to)).join(', '))
  );
}

/** Each task's message as forwarded by this turn: with the note when the turn's message had a file. */
export function forwardedTasks(turn: Turn, tasks: PlanTask[]): PlanTask[] {
  return tasks.map((task) => ({ ...task, message: forwardedBody(turn, task.message) }));
}
