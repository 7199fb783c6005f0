import type { AgentId } from '../../domain/ids.ts';
import { charCount, planBundleLine, planWaveLine } from '../lines/index.ts';
import type { Orchestrator } from '../orchestrator.ts';
import { childSignal } from '../child-signal.ts';
import { cycleRefusal, deliverAndWait, type Asker, type Delivered } from '../routing.ts';
import { bundleSection } from './plan-texts.ts';
import { verifyWave } from './verify-wave.ts';

export interface PlanTask {
  to: AgentId;
  message: string;
}

export interface WaveRun {
  planId: number;
  wave: number;
  tasks: PlanTask[];
  /** Chosen by the caller (the default verifier in a turn, the dispatch argument after review). */
  verifier: AgentId | null;
}

/**
 * Delivers every task of a recorded wave as an ask from `asker`, in parallel, joins them, bundles the
 * answers in input order and, when a verifier is set, appends its check. Returns the bundle, or null
 * when the asker's signal cut the wave (its running tasks close as interrupted; no bundle is made).
 */
export async function executeWave(orch: Orchestrator, asker: Asker, run: WaveRun): Promise<string | null> {
  const { planId, wave, tasks } = run;
  const started = orch.now();
  orch.log.note(planWaveLine({ agent: asker.id, planId, wave, hop: asker.hop + 1, tasks: tasks.length }));
  const results = await Promise.all(
    tasks.map(async (task): Promise<Delivered> => {
      const refused = cycleRefusal(orch, asker, task.to, 'plan');
      const result =
        refused !== null
          ? { text: refused, kind: 'undeliverable' as const }
          : await deliverAndWait(orch, taskAsker(asker), task.to, task.message);
      orch.planWaves.resolveTask(planId, task.to, result.kind, orch.now() - started);
      return result;
    }),
  );
  const cut = (): null => {
    orch.planWaves.finish(planId, null, orch.now() - started, 'interrupted');
    return null;
  };
  if (asker.signal.aborted) return cut();
  let bundle = tasks
    .map((task, index) => bundleSection(orch.labelOf(task.to), results[index]!.text))
    .join('\n\n');
  if (run.verifier !== null) {
    const section = await verifyWave(orch, asker, { planId, verifier: run.verifier, tasks, bundle });
    if (asker.signal.aborted) return cut();
    bundle = `${bundle}\n\n${section}`;
  }
  const chars = charCount(bundle);
  const elapsedMs = orch.now() - started;
  orch.planWaves.finish(planId, chars, elapsedMs, 'no_answer');
  orch.log.note(
    planBundleLine({
      agent: asker.id,
      planId,
      wave,
      tasks: tasks.length,
      answered: results.filter((r) => r.kind === 'answered').length,
      chars,
      elapsedMs,
    }),
  );
  return bundle;
}

/**
 * The asker as one task sees it: waiting on its own child of the asker's signal, so a wave adds one
 * listener to that signal, not two per task (MaxListenersExceededWarning from 11 tasks on).
 */
function taskAsker(asker: Asker): Asker {
  return { ...asker, signal: childSignal(asker.signal) };
}

/** A verifier id whose agent is gone reads as none (the setting is not cleaned up). */
export function liveVerifier(orch: Orchestrator, id: AgentId | null | undefined): AgentId | null {
  return id !== null && id !== undefined && orch.world().agents.some((agent) => agent.id === id) ? id : null;
}
