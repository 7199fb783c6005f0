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
