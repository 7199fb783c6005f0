/**
 * One firing of a schedule, after its due was consumed: the probe (when set), the session mode, the
 * delivery as its own causal root, the acceptance loop on the same wallet, then summarizeAfter once.
 * Strictly in series (ledger Spec 46 execution order): acceptance first, the summary after it is final.
 */
import type { AgentId } from '../domain/ids.ts';
import type { ScheduledTask } from '../domain/schedule.ts';
import { FIRING_TEXTS, firingBody } from './firing-texts.ts';
import { recurrenceLabel } from './label.ts';
import type { ChainDelivery, CheckRunner, ScheduleVillage } from './ports.ts';
import type { ScheduleRuntime } from './schedule-runtime.ts';

export interface FiringDeps {
  village: ScheduleVillage;
  checks: CheckRunner;
  runtime: ScheduleRuntime;
  now: () => number;
}

export interface FiringPlan {
  task: ScheduledTask;
  dueMs: number;
  /** The tick already started a new chat for this batch (fresh happens once per tick). */
  sessionReady: boolean;
}

/** The probe step: the appendix on a match, null when the firing stops here (0 tokens spent). */
export async function runProbeStep(deps: FiringDeps, task: ScheduledTask): Promise<string | null> {
  if (!task.probe) return '';
  const result = await deps.checks.probe(task, task.probe);
  if (result === null) return null;
  deps.runtime.recordProbe(task.id, result.report);
  return result.report.outcome === 'match' ? (result.appendix ?? '') : null;
}

export async function deliverFiring(deps: FiringDeps, plan: FiringPlan, appendix: string): Promise<void> {
  const { village } = deps;
  const { task } = plan;
  if (!village.isRunning(task.to)) return;
  if (task.sessionMode === 'fresh' && !plan.sessionReady) village.newChat();
  const language = village.language();
  const body = firingBody(
    FIRING_TEXTS[language],
    recurrenceLabel(task.recurrence, language),
    task.message,
    appendix,
  );
  const autoApprovePlans = task.autoApprovePlans === true;
  const first = village.deliver(task.to, body, { autoApprovePlans });
  deps.runtime.recordFiring(task.id, { dueMs: plan.dueMs, atMs: deps.now() });
  // The ledger's `schedule` line kind (part 4 §3.4) names no fields: one line per firing, enough to
  // tell from the log which schedule reached whom, for which due time, in which session mode.
  village.note(
    `schedule fire: id=${task.id} to=${task.to} due_ms=${plan.dueMs} session=${task.sessionMode ?? 'continue'} probe=${task.probe ? 'matched' : 'none'} chars=${[...body].length}`,
  );
  await first.settled;
  const chains = [first, ...(await acceptanceLoop(deps, task, body, first))];
  if (task.summarizeAfter === true) await summarizeChain(deps, task.to, chains);
}

/** Re-requests while the acceptance command says no_match and attempts and the wallet remain. */
async function acceptanceLoop(
  deps: FiringDeps,
  task: ScheduledTask,
  body: string,
  first: ChainDelivery,
): Promise<ChainDelivery[]> {
  const acceptance = task.acceptance;
  const retries: ChainDelivery[] = [];
  if (!acceptance) return retries;
  for (let attempt = 1; ; attempt += 1) {
    // The labelled body is the original request: a re-request must read as a scheduled run too.
    const turn = { attempt, budgetLeft: first.wallet.remainingMilli(), originalRequest: body };
    const check = await deps.checks.acceptance(task, acceptance, turn);
    if (check === null) return retries;
    deps.runtime.recordAcceptance(task.id, { ...check.report, attempt, maxAttempts: acceptance.maxAttempts });
    if (check.verdict === 'final' && check.report.outcome !== 'match') {
      // Going past the ledger (it names no text): a run whose check never passed must not end in silence.
      const language = deps.village.language();
      deps.village.systemLine(
        FIRING_TEXTS[language].acceptanceFailed(
          recurrenceLabel(task.recurrence, language),
          check.report.outcome,
          attempt,
          acceptance.maxAttempts,
        ),
      );
    }
    if (check.verdict !== 're_request' || check.reRequest === null) return retries;
    if (!deps.village.isRunning(task.to)) return retries;
    // Re-requests: session continue, no probe, the firing's wallet (never a new pool).
    const again = deps.village.deliver(task.to, check.reRequest, {
      autoApprovePlans: task.autoApprovePlans === true,
      sameWalletAs: first,
    });
    retries.push(again);
    await again.settled;
  }
}

async function summarizeChain(deps: FiringDeps, root: AgentId, chains: ChainDelivery[]): Promise<void> {
  const agents = new Set<AgentId>([root]);
  for (const chain of chains) for (const id of chain.participants) agents.add(id);
  deps.village.note(`schedule summarize: root=${root} agents=${agents.size}`);
  try {
    await deps.village.summarize(agents);
  } catch (error) {
    deps.village.note(`schedule summarize: root=${root} failed (${(error as Error).name})`);
  }
}
