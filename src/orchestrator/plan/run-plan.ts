import type { AgentId } from '../../domain/ids.ts';
import { charCount, planBundleLine, planWaveLine } from '../lines/index.ts';
import type { Orchestrator } from '../orchestrator.ts';
import { cycleRefusal, deliverAndWait, type Delivered } from '../routing.ts';
import type { Turn } from '../turn-state.ts';
import { bundleSection, PLAN_TEXT } from './plan-texts.ts';
import { verifyWave } from './verify-wave.ts';

interface Task {
  to: AgentId;
  message: string;
}

/** Class 1 (static): a wrong shape, an unknown or repeated destination, no tasks. Nothing is delivered. */
function readTasks(orch: Orchestrator, turn: Turn, raw: unknown): Task[] | string {
  const t = PLAN_TEXT[turn.language];
  if (!Array.isArray(raw) || raw.length === 0) return t.noTasks;
  // Validated against the connections as they are now, not as they were when the tool was offered.
  const connections = orch.world().agents.find((a) => a.id === turn.spec.id)?.connectedAgents ?? [];
  const allowed = connections.map((id) => orch.labelOf(id)).join(', ');
  const tasks: Task[] = [];
  for (const [index, item] of raw.entries()) {
    const to = (item as { to?: unknown } | null)?.to;
    const message = (item as { message?: unknown } | null)?.message;
    if (typeof to !== 'string' || typeof message !== 'string') return t.badTask(index);
    if (!connections.includes(to as AgentId)) return t.notConnected(to, allowed);
    if (tasks.some((task) => task.to === to)) return t.duplicate(to);
    if (message.trim() === '') return t.emptyMessage(to);
    tasks.push({ to: to as AgentId, message });
  }
  return tasks;
}

/** The village's default verifier, or null; an id whose agent is gone reads as none (not cleaned up). */
function defaultVerifierOf(orch: Orchestrator): AgentId | null {
  const world = orch.world();
  const id = world.defaultVerifier;
  return id !== null && world.agents.some((agent) => agent.id === id) ? id : null;
}

/**
 * The `plan` tool (ledger part 4, parallel_delegation): static refusals first (class 1), then the
 * wave-wide hop limit (class 2), then every task as an ask, delivered in parallel and joined; a task
 * that fails (class 3) shows why under its own heading and the others carry on. The bundle lists the
 * sections in input order. An interrupt closes the running tasks as interrupted and builds no bundle.
 */
export async function runPlan(
  orch: Orchestrator,
  turn: Turn,
  args: Record<string, unknown>,
): Promise<string> {
  const tasks = readTasks(orch, turn, args.tasks);
  if (typeof tasks === 'string') return tasks;
  const hop = turn.envelope.incoming.hop + 1;
  if (hop >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return orch.text(turn.language).askHopLimit;
  }

  turn.waves += 1;
  const wave = turn.waves;
  const started = orch.now();
  const planId = orch.planWaves.start(
    turn.spec.id,
    wave,
    tasks.map((task) => ({ to: task.to, msgChars: charCount(task.message) })),
    started,
  );
  orch.log.note(planWaveLine({ agent: turn.spec.id, planId, wave, hop, tasks: tasks.length }));
  const results = await Promise.all(
    tasks.map(async (task): Promise<Delivered> => {
      const refused = cycleRefusal(orch, turn, task.to, 'plan');
      const result =
        refused !== null
          ? { text: refused, kind: 'undeliverable' as const }
          : await deliverAndWait(orch, turn, task.to, task.message);
      orch.planWaves.resolveTask(planId, task.to, result.kind, orch.now() - started);
      return result;
    }),
  );
  if (turn.handle.controller.signal.aborted) {
    orch.planWaves.finish(planId, null, orch.now() - started, 'interrupted');
    return orch.text(turn.language).askInterrupted(tasks.map((task) => orch.labelOf(task.to)).join(', '));
  }
  let bundle = tasks
    .map((task, index) => bundleSection(orch.labelOf(task.to), results[index]!.text))
    .join('\n\n');
  // Verification is the caller's choice (inside a turn: the village's default verifier); none = nothing.
  const verifier = defaultVerifierOf(orch);
  if (verifier !== null) {
    const section = await verifyWave(orch, turn, { planId, verifier, tasks, bundle });
    if (turn.handle.controller.signal.aborted) {
      orch.planWaves.finish(planId, null, orch.now() - started, 'interrupted');
      return orch.text(turn.language).askInterrupted(orch.labelOf(verifier));
    }
    bundle = `${bundle}\n\n${section}`;
  }
  const chars = charCount(bundle);
  const elapsedMs = orch.now() - started;
  orch.planWaves.finish(planId, chars, elapsedMs, 'no_answer');
  orch.log.note(
    planBundleLine({
      agent: turn.spec.id,
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
