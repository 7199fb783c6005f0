import type { AgentId } from '../../domain/ids.ts';
import { charCount, planVerifyLine } from '../lines/index.ts';
import type { Orchestrator } from '../orchestrator.ts';
import { cycleRefusal, deliverAndWait, type Asker } from '../routing.ts';
import { skippedSection, verifiedSection, verifyRequest, type VerifySkip } from './verify-texts.ts';

export interface VerifyInput {
  planId: number;
  verifier: AgentId;
  tasks: { to: AgentId; message: string }[];
  bundle: string;
}

/**
 * The verifier (ledger Spec 53): after bundling, the chosen servant gets the requests, the bundle,
 * the checks and the conclusion, sent by the coordinator and paid by the wave's pool; its answer (or
 * the reason it did not run, checked in the ledger's order) becomes the section appended to the bundle.
 */
export async function verifyWave(orch: Orchestrator, asker: Asker, input: VerifyInput): Promise<string> {
  const { verifier } = input;
  const label = orch.labelOf(verifier);
  const started = orch.now();
  const skip = (why: VerifySkip): string => {
    orch.log.note(
      planVerifyLine({
        agent: asker.id,
        planId: input.planId,
        verifier,
        outcome: `skipped:${why}`,
        chars: 0,
        elapsedMs: orch.now() - started,
      }),
    );
    return skippedSection(label, why, asker.language);
  };
  if (input.tasks.some((task) => task.to === verifier)) return skip('participant');
  if (verifier === asker.id) return skip('coordinator');
  if (cycleRefusal(orch, asker, verifier, 'plan') !== null) return skip('cycle');
  const runtime = orch.runtimeIfKnown(verifier);
  if (!runtime || runtime.status !== 'running') return skip('stopped');
  const request = verifyRequest(
    orch.labelOf(asker.id),
    input.tasks.map((task) => ({ label: orch.labelOf(task.to), message: task.message })),
    input.bundle,
    asker.language,
  );
  const result = await deliverAndWait(orch, asker, verifier, request);
  switch (result.kind) {
    case 'answered':
      break;
    case 'timed_out':
      return skip('timeout');
    case 'budget_exhausted':
      return skip('budget');
    case 'undeliverable':
      return skip('stopped');
    case 'interrupted':
      return skip(orch.runtimeIfKnown(verifier)?.status === 'running' ? 'no_answer' : 'stopped');
    default:
      return skip('no_answer');
  }
  orch.log.note(
    planVerifyLine({
      agent: asker.id,
      planId: input.planId,
      verifier,
      outcome: 'ok',
      chars: charCount(result.text),
      elapsedMs: orch.now() - started,
    }),
  );
  return verifiedSection(label, result.text, asker.language);
}
