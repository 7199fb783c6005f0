import type { Language } from '../../domain/enums.ts';
import { CoreError } from '../../domain/errors.ts';
import type { AgentId } from '../../domain/ids.ts';
import { BudgetPool } from '../budget/index.ts';
import {
  charCount,
  planBundleDiscardedLine,
  planDiscardLine,
  planDispatchLine,
  planPendingLine,
  planReviewSkippedLine,
} from '../lines/index.ts';
import { newMessage } from '../message-log.ts';
import type { Orchestrator } from '../orchestrator.ts';
import type { Turn } from '../turn-state.ts';
import { executeWave, liveVerifier, type PlanTask } from './execute-wave.ts';
import { readTasks } from './read-tasks.ts';

const TEXT: Record<
  Language,
  {
    proposed: (n: number, labels: string) => string;
    bundleDiscarded: (label: string, why: 'agent_stopped' | 'mailbox_full') => string;
  }
> = {
  ja: {
    proposed: (n, labels) =>
      `計画を提案しました（${n} 件: ${labels}）。まだ誰にも送っていません。人が確認して配送すると、答えの束ねがシステムから届きます。`,
    bundleDiscarded: (label, why) =>
      why === 'agent_stopped'
        ? `${label} が停止していたため、承認した計画の束ねを破棄しました。`
        : `${label} の受信箱がいっぱいのため、承認した計画の束ねを破棄しました。`,
  },
  en: {
    proposed: (n, labels) =>
      `Proposed a plan (${n} tasks: ${labels}). Nothing has been sent yet. Once a person reviews and dispatches it, the bundle of answers will arrive from the system.`,
    bundleDiscarded: (label, why) =>
      why === 'agent_stopped'
        ? `${label} was stopped, so the bundle of the approved plan was discarded.`
        : `${label}'s inbox was full, so the bundle of the approved plan was discarded.`,
  },
};

/**
 * Whether a plan call of this turn opens the review window (Spec 43): planReview on, not a delegated
 * turn, no schedule flag on the chain, the process-wide bypass off.
 */
export function reviewWindowOpen(orch: Orchestrator, turn: Turn): boolean {
  return (
    turn.spec.planReview &&
    turn.envelope.replyTo === null &&
    !turn.envelope.autoApprovePlans &&
    !orch.planReviewBypass
  );
}

/** The `plan review skipped:` line when the window would have opened but a flag or the switch skipped it. */
export function noteReviewSkipped(orch: Orchestrator, turn: Turn): void {
  if (!turn.spec.planReview || turn.envelope.replyTo !== null) return;
  const reason = turn.envelope.autoApprovePlans ? 'schedule' : orch.planReviewBypass ? 'bypass' : null;
  if (reason !== null) orch.log.note(planReviewSkippedLine({ agent: turn.spec.id, reason }));
}

/**
 * Records the wave as pending with each task's message; nothing is delivered until a person acts.
 * The returned line is the coordinator's reply: proposing ends the turn (the bundle comes later).
 */
export function proposeWave(orch: Orchestrator, turn: Turn, tasks: PlanTask[]): string {
  turn.waves += 1;
  const planId = orch.planWaves.propose(turn.spec.id, turn.waves, tasks, orch.now());
  orch.log.note(planPendingLine({ agent: turn.spec.id, planId, wave: turn.waves, tasks: tasks.length }));
  return TEXT[turn.language].proposed(tasks.length, tasks.map((task) => orch.labelOf(task.to)).join(', '));
}

function requirePending(orch: Orchestrator, planId: number) {
  const record = orch.planWaves.get(planId);
  if (!record) throw new CoreError('PLAN_NOT_FOUND', `plan ${planId} is not in the list (the last 50 waves)`);
  if (record.state !== 'pending') {
    throw new CoreError('PLAN_NOT_PENDING', `plan ${planId} was already ${record.state}`);
  }
  return record;
}

/**
 * `dispatch_plan_wave`: re-validated against the coordinator's connections now, then run as a new
 * causal root (own budget pool, own abort root, hop 1), outside any turn and without an LLM. The
 * bundle goes from System to the coordinator only; if it cannot take it, the bundle is discarded.
 */
export function dispatchPlanWave(
  orch: Orchestrator,
  planId: number,
  rawTasks: unknown,
  verifierArg: AgentId | null | undefined,
): void {
  const record = requirePending(orch, planId);
  const coordinator = record.agentId;
  orch.requireSpec(coordinator);
  const language = orch.language();
  const tasks = readTasks(orch, coordinator, language, rawTasks);
  if (typeof tasks === 'string') throw new CoreError('INVALID_ARGUMENT', tasks);
  const runtime = orch.runtimeIfKnown(coordinator);
  if (!runtime || runtime.status !== 'running') {
    throw new CoreError('NOT_RUNNING', `${orch.labelOf(coordinator)} is not running`, {
      agentId: coordinator,
    });
  }
  const verifier = liveVerifier(orch, verifierArg);
  orch.planWaves.dispatch(
    planId,
    tasks.map((task) => ({ to: task.to, msgChars: charCount(task.message) })),
    orch.now(),
  );
  orch.log.note(planDispatchLine({ agent: coordinator, planId, tasks: tasks.length, verifier }));
  const ceiling = orch.world().tokenBudget;
  const controller = orch.waveRoot(coordinator);
  void executeWave(
    orch,
    {
      id: coordinator,
      language,
      hop: 0,
      waiting: [],
      budget: ceiling === null ? null : new BudgetPool(ceiling),
      signal: controller.signal,
    },
    { planId, wave: record.wave, tasks, verifier },
  )
    .then((bundle) => {
      if (bundle !== null) deliverBundle(orch, coordinator, planId, bundle);
    })
    // Outside any turn nothing else would catch a bug here; it must not take the process down.
    .catch((error: unknown) => {
      orch.log.warn(
        `plan wave crashed: plan_id=${planId} error=${error instanceof Error ? error.name : 'unknown'}`,
      );
      orch.planWaves.finish(planId, null, 0, 'no_answer');
    })
    .finally(() => orch.releaseWaveRoot(coordinator, controller));
}

function deliverBundle(orch: Orchestrator, coordinator: AgentId, planId: number, bundle: string): void {
  const message = newMessage({
    from: { kind: 'system' },
    to: { kind: 'agent', id: coordinator },
    content: bundle,
    hop: 0,
    nowMs: orch.now(),
  });
  const runtime = orch.runtimeIfKnown(coordinator);
  const why =
    !runtime || runtime.status !== 'running'
      ? ('agent_stopped' as const)
      : runtime.enqueue(orch.rootEnvelope(message))
        ? null
        : ('mailbox_full' as const);
  if (why === null) {
    orch.messages.record(message);
    return;
  }
  orch.log.note(planBundleDiscardedLine({ agent: coordinator, planId, reason: why }));
  orch.systemLine(TEXT[orch.language()].bundleDiscarded(orch.labelOf(coordinator), why));
}

/** `discard_plan_wave`: the proposal is dropped; nothing is delivered. */
export function discardPlanWave(orch: Orchestrator, planId: number): void {
  const record = requirePending(orch, planId);
  orch.planWaves.discard(planId);
  orch.log.note(planDiscardLine({ agent: record.agentId, planId, tasks: record.tasks.length }));
}
