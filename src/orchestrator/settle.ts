import type { TurnStop } from '../domain/session.ts';
import { turnRecordFrom, usageLine, type TurnSpend } from './lines/index.ts';
import type { Orchestrator } from './orchestrator.ts';
import type { Turn } from './turn-state.ts';

/**
 * The single writer of a turn's usage line and its turn record, at all four exits; then
 * `turnRecorded`. Line and record come from one value (TurnSpend).
 */
export function settleTurn(orch: Orchestrator, turn: Turn, stop: TurnStop): void {
  if (turn.handle.settled) return;
  turn.handle.settled = true;
  // Any exit but a delivered reply (a hand-off, a failure in a later round, an interrupt that came
  // with the answer) leaves the bubble without its final message: mark it so it does not hang.
  turn.stream?.stop(stop.kind === 'interrupted' ? 'interrupted' : 'cut');
  const spend: TurnSpend = {
    agentId: turn.spec.id,
    hop: turn.envelope.incoming.hop,
    rounds: turn.spend.rounds,
    maxRounds: turn.maxRounds,
    waves: turn.waves,
    stop,
    prompt: turn.spend.prompt,
    cached: turn.spend.cached,
    completion: turn.spend.completion,
    reasoning: turn.spend.reasoning,
    cacheWrite: turn.spend.cacheWrite,
    cacheWrite1h: turn.spend.cacheWrite1h,
    backend: turn.backend.name(),
    model: turn.template.model,
    elapsedMs: orch.now() - turn.startedAtMs,
  };
  orch.log.note(usageLine(spend));
  orch.sink.recordTurn(turnRecordFrom(spend, turn.startedAtMs));
  orch.events.emit({ type: 'turnRecorded', agentId: turn.spec.id, sessionId: orch.sink.sessionId() });
}
