/**
 * What only the running server knows of its schedules (ledger `ScheduleRuntime`): the latest probe
 * report and firing per schedule, and the in-flight set. Memory only, for the process lifetime.
 */
import type { AgentId } from '../domain/ids.ts';
import type { AcceptanceReport, ProbeReport, ScheduleFiring } from '../domain/schedule.ts';

export interface FiringHandle {
  /** The firing's delivery starts: its target is in flight from now on. */
  delivering(): void;
  end(): void;
}

export class ScheduleRuntime {
  private readonly probes = new Map<string, ProbeReport>();
  private readonly firings = new Map<string, ScheduleFiring>();
  private readonly acceptances = new Map<string, AcceptanceReport>();
  /** Schedules whose probe is running (at most one per schedule). */
  private readonly probing = new Set<string>();
  /**
   * Targets with a firing chain in flight. Keyed by AgentId as the ledger says: the signal that
   * clears it (the chain settling) is per agent, and a schedule is never fired into its own chain.
   */
  private readonly inFlight = new Set<AgentId>();

  lastProbe(id: string): ProbeReport | null {
    return this.probes.get(id) ?? null;
  }
  lastFiring(id: string): ScheduleFiring | null {
    return this.firings.get(id) ?? null;
  }
  lastAcceptance(id: string): AcceptanceReport | null {
    return this.acceptances.get(id) ?? null;
  }
  recordAcceptance(id: string, report: AcceptanceReport): void {
    this.acceptances.set(id, report);
  }
  recordProbe(id: string, report: ProbeReport): void {
    this.probes.set(id, report);
  }
  recordFiring(id: string, firing: ScheduleFiring): void {
    this.firings.set(id, firing);
  }
  isProbing(id: string): boolean {
    return this.probing.has(id);
  }
  isInFlight(agentId: AgentId): boolean {
    return this.inFlight.has(agentId);
  }

  /**
   * Marks a firing as started; the returned handle ends it (always called, fail open). A probed
   * firing starts as "probe running" only: the ledger checks "target in flight" and "this schedule's
   * probe running" as two steps, so a probe (up to an hour) must not hold back the target's other
   * schedules. Its target goes in flight when the delivery starts (`delivering`).
   */
  begin(scheduleId: string, agentId: AgentId, probing: boolean): FiringHandle {
    let flying = false;
    const delivering = () => {
      flying = true;
      this.inFlight.add(agentId);
    };
    if (probing) this.probing.add(scheduleId);
    else delivering();
    return {
      delivering,
      end: () => {
        // Only a firing that put its target in flight takes it out (a no_match never did).
        if (flying) this.inFlight.delete(agentId);
        this.probing.delete(scheduleId);
      },
    };
  }

  /** A deleted schedule leaves no report behind. */
  forget(id: string): void {
    this.probes.delete(id);
    this.firings.delete(id);
  }
}
