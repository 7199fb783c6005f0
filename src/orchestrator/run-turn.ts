/**
 * One turn of one agent: prepare the request, run rounds of LLM calls and tool calls, and leave
 * through exactly one of the four exits (completed, failed, interrupted, budget), each settled once.
 */
import { CoreError, isCoreError } from '../domain/errors.ts';
import type { ChatResponse } from '../llm/canonical.ts';
import { isLlmError } from '../llm/llm-error.ts';
import { cacheDiagLine } from '../llm/cache-diag.ts';
import type { AgentRuntime } from './agent-runtime.ts';
import { effectiveMilli, reserveCall } from './budget/index.ts';
import type { Envelope } from './envelope.ts';
import type { Orchestrator } from './orchestrator.ts';
import { absorbGrounding } from './grounding.ts';
import { runRoundTools } from './round-tools.ts';
import {
  finishBudget,
  finishCompleted,
  finishFailed,
  finishInterrupted,
  type Completion,
} from './turn-exits.ts';
import { prepareTurn } from './turn-prepare.ts';
import type { Turn } from './turn-state.ts';
import { addUsage } from './turn-state.ts';

export async function runTurn(orch: Orchestrator, runtime: AgentRuntime, envelope: Envelope): Promise<void> {
  // Check point 1: an envelope whose chain was interrupted before it started is folded.
  if (envelope.signal.aborted || runtime.status !== 'running') {
    orch.foldEnvelope(runtime, envelope);
    return;
  }
  const controller = new AbortController();
  const handle = {
    seq: runtime.nextTurnSeq(),
    controller,
    startedAtMs: orch.now(),
    interruptRequestedAtMs: null as number | null,
  };
  const onChainAbort = () => controller.abort();
  envelope.signal.addEventListener('abort', onChainAbort, { once: true });
  runtime.turn = handle;
  orch.setTyping(runtime, true);
  try {
    const prepared = await prepareTurn(orch, runtime, envelope, handle);
    if (prepared.kind === 'failed') {
      // Nothing was called: no turn line, no record (the template or backend could not be resolved).
      orch.failBeforeTurn(runtime, envelope, prepared.error);
      return;
    }
    await runRounds(orch, prepared.turn);
  } finally {
    envelope.signal.removeEventListener('abort', onChainAbort);
    runtime.turn = null;
    orch.setTyping(runtime, false);
  }
}

async function runRounds(orch: Orchestrator, turn: Turn): Promise<void> {
  const signal = turn.handle.controller.signal;
  let lastText = '';
  for (let round = 1; ; round += 1) {
    // Round boundary: cancel > budget > repeat > hop/rounds.
    if (signal.aborted) return finishInterrupted(orch, turn);
    const summaryCall = round > turn.maxRounds;
    const response = await callModel(orch, turn, round, summaryCall);
    if (response === 'stopped') return;
    if (response.text.trim() !== '') lastText = response.text;
    if (summaryCall || response.toolCalls.length === 0) {
      const text = response.text.trim() !== '' ? response.text : summaryCall ? '' : lastText;
      const completion: Completion = summaryCall
        ? { stop: { kind: 'tool_limit' }, text: text || orch.text(turn.language).limitFallback }
        : { stop: { kind: 'completed' }, text };
      if (summaryCall)
        orch.events.emit({ type: 'toolLimitReached', agentId: turn.spec.id, maxIterations: turn.maxRounds });
      return finishCompleted(orch, turn, completion, response);
    }
    const outcome = await runRoundTools(orch, turn, response);
    if (outcome.kind === 'handoff') return finishCompleted(orch, turn, outcome.completion, response);
    if (outcome.kind === 'all_blocked') {
      return finishCompleted(
        orch,
        turn,
        { stop: { kind: 'repeat', tool: outcome.tool }, text: lastText },
        response,
      );
    }
  }
}

/** One LLM call with its reservation; returns 'stopped' when the turn already left through an exit. */
async function callModel(
  orch: Orchestrator,
  turn: Turn,
  round: number,
  summaryCall: boolean,
): Promise<ChatResponse | 'stopped'> {
  const pool = turn.envelope.budget;
  let reservation = null;
  if (pool) {
    const reserved = reserveCall(pool, orch.estimates, turn.spec.id);
    if (!reserved.reservation) {
      await finishBudget(orch, turn, reserved.estimateMilli);
      return 'stopped';
    }
    reservation = reserved.reservation;
  }
  const request = {
    ...turn.request,
    messages: turn.messages,
    tools: turn.offeredSpecs,
    toolChoice: summaryCall ? ('none' as const) : ('auto' as const),
  };
  if (summaryCall) {
    request.messages = [
      ...turn.messages,
      { role: 'user', content: orch.text(turn.language).summaryNudge(turn.maxRounds) },
    ];
  }
  try {
    const response = await turn.backend.chat(request, { signal: turn.handle.controller.signal });
    reservation?.commit(effectiveMilli(response.usage));
    addUsage(turn.spend, response.usage);
    turn.runtime.addUsage(response.usage);
    turn.grounding = absorbGrounding(turn.grounding, response.grounding);
    if (response.reasoningSummary !== '') {
      turn.reasoningSummary =
        turn.reasoningSummary === ''
          ? response.reasoningSummary
          : `${turn.reasoningSummary}\n\n${response.reasoningSummary}`;
    }
    orch.log.note(cacheDiagLine(turn.spec.id, turn.template.model, round, request, response.usage));
    return response;
  } catch (error) {
    const paid = isLlmError(error) ? error.usage() : null;
    if (paid) {
      reservation?.commit(effectiveMilli(paid));
      addUsage(turn.spend, paid);
      turn.runtime.addUsage(paid);
    } else reservation?.release();
    // A person's stop wins over the error that came back while waiting.
    if (turn.handle.controller.signal.aborted) await finishInterrupted(orch, turn);
    else await finishFailed(orch, turn, toCore(orch, turn, error));
    return 'stopped';
  }
}

function toCore(orch: Orchestrator, turn: Turn, error: unknown): CoreError {
  if (isLlmError(error)) {
    const core = error.toCoreError(turn.spec.id);
    return error.stopsTheAgent() ? orch.markFatal(core) : core;
  }
  if (isCoreError(error)) return error;
  return new CoreError('INTERNAL', 'the model call failed unexpectedly', {
    detail: error instanceof Error ? error.name : null,
    agentId: turn.spec.id,
  });
}
