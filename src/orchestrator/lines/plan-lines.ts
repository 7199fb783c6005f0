import type { AgentId } from '../../domain/ids.ts';
import { fieldValue } from './fields.ts';

export interface PlanWaveFields {
  agent: AgentId;
  planId: number;
  /** The wave's number within the turn (the turn line's `waves=` counts them). */
  wave: number;
  hop: number;
  tasks: number;
}

/** `plan wave: agent=… plan_id=… wave=… hop=… tasks=…`: a wave delivered (never for a refused one). */
export function planWaveLine(f: PlanWaveFields): string {
  return [
    'plan wave:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `wave=${f.wave}`,
    `hop=${f.hop}`,
    `tasks=${f.tasks}`,
  ].join(' ');
}

export interface PlanBundleFields {
  agent: AgentId;
  planId: number;
  wave: number;
  tasks: number;
  /** Tasks that came back with an answer. */
  answered: number;
  chars: number;
  elapsedMs: number;
}

/** `plan bundle: agent=… plan_id=… wave=… tasks=… answered=… chars=… elapsed_ms=…`: the bundle returned. */
export function planBundleLine(f: PlanBundleFields): string {
  return [
    'plan bundle:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `wave=${f.wave}`,
    `tasks=${f.tasks}`,
    `answered=${f.answered}`,
    `chars=${f.chars}`,
    `elapsed_ms=${f.elapsedMs}`,
  ].join(' ');
}

export interface PlanVerifyFields {
  agent: AgentId;
  planId: number;
  verifier: AgentId;
  /** `ok`, or `skipped:<reason>` (participant, coordinator, cycle, stopped, timeout, budget, no_answer). */
  outcome: string;
  chars: number;
  elapsedMs: number;
}

/** `plan verify: agent=… plan_id=… verifier=… outcome=… chars=… elapsed_ms=…` (never when no verifier is set). */
export function planVerifyLine(f: PlanVerifyFields): string {
  return [
    'plan verify:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `verifier=${fieldValue(f.verifier)}`,
    `outcome=${f.outcome}`,
    `chars=${f.chars}`,
    `elapsed_ms=${f.elapsedMs}`,
  ].join(' ');
}

/** `plan pending: agent=… plan_id=… wave=… tasks=…`: a wave proposed for review, nothing delivered. */
export function planPendingLine(f: { agent: AgentId; planId: number; wave: number; tasks: number }): string {
  return [
    'plan pending:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `wave=${f.wave}`,
    `tasks=${f.tasks}`,
  ].join(' ');
}

/** `plan dispatch: agent=… plan_id=… tasks=… verifier=…`: a person approved the wave. */
export function planDispatchLine(f: {
  agent: AgentId;
  planId: number;
  tasks: number;
  verifier: AgentId | null;
}): string {
  return [
    'plan dispatch:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `tasks=${f.tasks}`,
    `verifier=${fieldValue(f.verifier)}`,
  ].join(' ');
}

/** `plan discard: agent=… plan_id=… tasks=…`: a person discarded the proposal. */
export function planDiscardLine(f: { agent: AgentId; planId: number; tasks: number }): string {
  return ['plan discard:', `agent=${fieldValue(f.agent)}`, `plan_id=${f.planId}`, `tasks=${f.tasks}`].join(
    ' ',
  );
}

/** `plan review skipped: agent=… reason=schedule|bypass`: the window would have opened. */
export function planReviewSkippedLine(f: { agent: AgentId; reason: 'schedule' | 'bypass' }): string {
  return ['plan review skipped:', `agent=${fieldValue(f.agent)}`, `reason=${f.reason}`].join(' ');
}

/** `plan bundle discarded: agent=… plan_id=… reason=agent_stopped|mailbox_full`. */
export function planBundleDiscardedLine(f: {
  agent: AgentId;
  planId: number;
  reason: 'agent_stopped' | 'mailbox_full';
}): string {
  return [
    'plan bundle discarded:',
    `agent=${fieldValue(f.agent)}`,
    `plan_id=${f.planId}`,
    `reason=${f.reason}`,
  ].join(' ');
}
