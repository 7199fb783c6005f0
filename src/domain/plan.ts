import type { AgentId } from './ids.ts';
import type { PlanTaskState, PlanWaveState } from './enums.ts';

export interface PlanWaveTask {
  /** Unique within the wave. */
  to: AgentId;
  /** Stays `running` while the wave is pending. */
  state: PlanTaskState;
  elapsedMs: number | null;
  msgChars: number;
  /** Present only while the wave is pending. */
  message?: string;
}

/** In memory only, never written to a file. */
export interface PlanWaveRecord {
  /** Starts at 1 within the process; 0 is reserved. */
  planId: number;
  agentId: AgentId;
  wave: number;
  state: PlanWaveState;
  startedAtMs: number;
  tasks: PlanWaveTask[];
  bundleChars: number | null;
  elapsedMs: number | null;
}

export const PLAN_WAVE_RING = 50;
