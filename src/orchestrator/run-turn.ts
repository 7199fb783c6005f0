/**
 * One turn of one agent: prepare the request, run rounds of LLM calls and tool calls, and leave
 * through exactly one of the four exits (completed, failed, interrupted, budget), each settled once.
 */
import { CoreError, isCoreError } from '../domain/errors.ts';
import { cacheDiagLine } from '../llm/cache-diag.ts';
import { reasoningSummaryLine, wireNoteLine, type ChatResponse } from '../llm/canonical.ts';
import { isLlmCallAborted } from '../llm/call-aborted.ts';
import { isLlmError, LlmError } from '../llm/llm-error.ts';
import { inVillageLanguage } from '../llm/retry.ts';
import { effectiveProvider } from '../llm/provider.ts';
import type { AgentRuntime, TurnHandle } from './agent-runtime.ts';
import { effectiveMilli, reserveCall } from './budget/index.ts';
import type { Envelope, Reply } from './envelope.ts';
import { absorbGrounding } from './grounding.ts';
import { chatWithImageRetry } from './image-retry.ts';
import type { Orchestrator } from './orchestrator.ts';
import { runRoundTools } from './round-tools.ts';
import { transfer } from './routing.ts';
import { finishBudget, finishCompleted, finishFailed, finishInterrupted } from './turn-exits.ts';
import { settleTurn } from './settle.ts';
import { noUtterance } from './prompt/index.ts';
import { prepareTurn } from './turn-prepare.ts';
import type { Turn } from './turn-state.ts';
import { addUsage } from './turn-state.ts';

/** A requester is answered exactly once, whatever path the turn takes. */
function answerOnce(envelope: Envelope): Envelope {
  const replyTo = envelope.replyTo;
  if (!replyTo) return envelope;
  let answered = false;
  return {
    ...envelope,
    replyTo: (reply: Reply) => {
      if (answered) return;
      answered = true;
      replyTo(reply);
    },
  };
}

export async function runTurn(orch: Orchestrator, runtime: AgentRuntime, incoming: Envelope): Promise<void> {
  const envelope = answerOnce(incoming);
  // Check point 1: an envelope whose chain was interrupted before it started is folded.
  if (envelope.signal.aborted || runtime.status !== 'running') {
    orch.foldEnvelope(runtime, envelope);
    incoming.onSettled?.();
    return;
  }
  const controller = new AbortController();
  const handle: TurnHandle = {
    seq: runtime.nextTurnSeq(),
    controller,
    startedAtMs: orch.now(),
    interruptRequestedAtMs: null,
    settled: false,
  };
  const onChainAbort = () => controller.abort();
  envelope.signal.addEventListener('abort', onChainAbort, { once: true });
  runtime.turn = handle;
  orch.setTyping(runtime, true);
  incoming.watch?.turnStarted(runtime.id);
  let turn: Turn | null = null;
  try {
    const prepared = await prepareTurn(orch, runtime, envelope, handle);
    if (prepared.kind === 'failed') {
      // Nothing was called: no turn line, no record (the template or backend could not be resolved).
      // An interrupt that came meanwhile was answered `interrupted: true`: it wins, and folds.
      if (controller.signal.aborted) orch.foldEnvelope(runtime, envelope);
      else orch.failBeforeTurn(runtime, envelope, prepared.error);
      return;
    }
    turn = prepared.turn;
    await runRounds(orch, turn);
  } catch (error) {
    // A bug must not take the village down: the turn fails like any other failure.
    const core = isCoreError(error)
      ? error
      : new CoreError('INTERNAL', 'the turn failed unexpectedly', {
          detail: error instanceof Error ? error.name : null,
          agentId: runtime.id,
        });
    orch.log.warn(`turn crashed: agent=${runtime.id} error=${core.detail ?? core.code}`);
    if (turn !== null && !handle.settled) {
      // A crash inside an exit only settles: that exit already said what it had to.
      if (turn.exiting) settleTurn(orch, turn, { kind: 'failed', code: core.code });
      else await finishFailed(orch, turn, core).catch(() => undefined);
    } else if (turn === null) {
      // As for a failed preparation: an interrupt answered meanwhile wins, and folds.
      if (controller.signal.aborted) orch.foldEnvelope(runtime, envelope);
      else orch.failBeforeTurn(runtime, envelope, core);
    }
    envelope.replyTo?.({ text: core.message, kind: 'no_answer' });
  } finally {
    handle.settled = true;
    envelope.signal.removeEventListener('abort', onChainAbort);
    runtime.turn = null;
    orch.setTyping(runtime, false);
    incoming.watch?.turnEnded(runtime.id);
    incoming.participants?.add(runtime.id);
    incoming.onSettled?.();
  }
}

/**
 * The ledger (part 3, Spec 10) names two check points: the round boundary here and the fold of an
 * unstarted envelope in runTurn. We go past it on purpose (issue 17): the turn's signal also aborts
 * the model call in flight (its HTTP request and the wait between retries), because a person who
 * clicks Interrupt expects the call to stop and every peer can cancel a running call. Tool
 * call/result pairs stay whole: nothing of an aborted call is kept, so no call lacks its result. And
 * every other exit hands over to the interrupted one while the signal is set (turn-exits.ts), so an
 * interrupt answered `interrupted: true` always ends the turn as interrupted.
 */
async function runRounds(orch: Orchestrator, turn: Turn): Promise<void> {
  const signal = turn.handle.controller.signal;
  let lastText = '';
  for (let round = 1; ; round += 1) {
    // Round boundary: cancel first.
    if (signal.aborted) return finishInterrupted(orch, turn);
    if (round > turn.maxRounds) {
      orch.events.emit({ type: 'toolLimitReached', agentId: turn.spec.id, maxIterations: turn.maxRounds });
      // The cut round already said something: that is the answer. Otherwise one call without tools.
      if (lastText !== '')
        return finishCompleted(orch, turn, { stop: { kind: 'tool_limit' }, text: lastText });
      return summarize(orch, turn, round, 'limit');
    }
    const response = await callModel(orch, turn, round, null);
    if (response === 'stopped') return;
    // cancel > budget > repeat > hop/rounds, decided before acting on the answer or its tool calls.
    if (signal.aborted) return finishInterrupted(orch, turn);
    lastText = response.text.trim() !== '' ? response.text : '';
    if (response.toolCalls.length === 0) {
      if (!turn.template.useTools) return finishWithoutTools(orch, turn, response.text);
      return finishCompleted(orch, turn, { stop: { kind: 'completed' }, text: response.text }, response);
    }
    const outcome = await runRoundTools(orch, turn, response);
    if (outcome.kind === 'handoff') return finishCompleted(orch, turn, outcome.completion, response);
    if (outcome.kind === 'all_blocked') {
      if (signal.aborted) return finishInterrupted(orch, turn);
      if (turn.envelope.budget && turn.envelope.budget.remainingMilli === 0)
        return finishBudget(orch, turn, 0);
      return summarize(orch, turn, round + 1, 'repeat', outcome.tool);
    }
  }
}

export const END_MARKER = '[[END]]';

/**
 * A model without tool support cannot choose where its answer goes: `[[END]]` ends the conversation,
 * otherwise the answer is passed to the first connection (the degraded path). A requester waiting
 * always gets the answer.
 */
function finishWithoutTools(orch: Orchestrator, turn: Turn, text: string): Promise<void> {
  const ended = text.includes(END_MARKER);
  const clean = text.split(END_MARKER).join('').trim();
  const next = turn.spec.connectedAgents[0];
  if (ended || turn.envelope.replyTo !== null || next === undefined) {
    return finishCompleted(orch, turn, { stop: { kind: 'completed' }, text: clean });
  }
  const body = clean === '' ? noUtterance(turn.language) : clean;
  // The streamed reply is the message passed on: its bubble becomes that message, not a cut one.
  const streamedId = turn.stream?.messageId;
  if (transfer(orch, turn, [{ target: next, body, ...(streamedId ? { streamedId } : {}) }]) === 'hop_limit') {
    orch.systemLine(orch.text(turn.language).hopLimit(orch.config.maxHops));
    return finishCompleted(orch, turn, { stop: { kind: 'completed' }, text: body });
  }
  return finishCompleted(orch, turn, {
    stop: { kind: 'completed' },
    text: '',
    handoff: { entry: `[→ ${next}] ${body}` },
  });
}

/** The one call without tools that turns the results so far into an answer (limit or repeat stop). */
async function summarize(
  orch: Orchestrator,
  turn: Turn,
  round: number,
  why: 'limit' | 'repeat',
  tool = '',
): Promise<void> {
  const t = orch.text(turn.language);
  const nudge = why === 'limit' ? t.summaryNudge(turn.maxRounds) : t.repeatNudge(tool);
  const response = await callModel(orch, turn, round, nudge);
  if (response === 'stopped') return;
  const fallback = why === 'limit' ? t.limitFallback : t.repeatFallback;
  const text = response.text.trim() !== '' ? response.text : fallback;
  const stop = why === 'limit' ? ({ kind: 'tool_limit' } as const) : ({ kind: 'repeat', tool } as const);
  return finishCompleted(orch, turn, { stop, text }, response);
}

/** One LLM call with its reservation; returns 'stopped' when the turn already left through an exit. */
async function callModel(
  orch: Orchestrator,
  turn: Turn,
  round: number,
  summaryNudge: string | null,
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
  try {
    const request = {
      ...turn.request,
      messages:
        summaryNudge === null
          ? turn.messages
          : [...turn.messages, { role: 'user' as const, content: summaryNudge }],
      tools: turn.offeredSpecs,
      toolChoice: summaryNudge === null ? ('auto' as const) : ('none' as const),
    };
    const signal = turn.handle.controller.signal;
    const stream = turn.stream;
    const response = await chatWithImageRetry(
      () => {
        if (!stream) return turn.backend.chat(request, { signal });
        stream.beginCall();
        // The same call, told to stream: the response it resolves with is the whole one.
        return turn.backend.chat(request, { signal, onDelta: stream.onDelta });
      },
      {
        provider: effectiveProvider(turn.template),
        state: turn.imageRetry,
        port: orch.attachments,
        language: turn.language,
        agentId: turn.spec.id,
      },
    );
    // Everything the call showed goes out before whatever this answer leads to (messageSent).
    stream?.endCall();
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
    orch.log.note(
      cacheDiagLine(
        turn.spec.id,
        turn.template.model,
        round,
        request,
        response.usage,
        effectiveProvider(turn.template),
      ),
    );
    const summaryLine = reasoningSummaryLine(turn.spec.id, response);
    if (summaryLine !== null) orch.log.note(summaryLine);
    for (const note of response.notes ?? []) orch.log.note(wireNoteLine(turn.spec.id, note));
    return response;
  } catch (error) {
    // A stream that showed part of a reply ended without it (cut, or stopped by the interrupt):
    // the partial text stays on screen, marked, and goes nowhere else (not history, not the store).
    turn.stream?.stop(turn.handle.controller.signal.aborted ? 'interrupted' : 'cut');
    const paid = isLlmError(error) ? error.usage() : null;
    if (paid) {
      reservation?.commit(effectiveMilli(paid));
      addUsage(turn.spend, paid);
      turn.runtime.addUsage(paid);
    } else if (isLlmCallAborted(error) && error.sent) {
      // The provider may bill the input of a call it had started, and an aborted call reports no
      // usage: the estimate is spent, never refunded (the turn is recorded as interrupted).
      reservation?.commit(reservation.estimateMilli);
    } else reservation?.release();
    // A person's stop wins over the error that came back while waiting.
    if (turn.handle.controller.signal.aborted) await finishInterrupted(orch, turn);
    else await finishFailed(orch, turn, toCore(orch, turn, error));
    return 'stopped';
  }
}

function toCore(orch: Orchestrator, turn: Turn, error: unknown): CoreError {
  if (isLlmError(error)) {
    // The person reads the message (System line, detail): the retry-hint prefix in the village language.
    const hintMs = error.info.kind === 'api' ? error.info.retryAfterMs : null;
    const message = inVillageLanguage(error.message, hintMs, turn.language);
    const said = message === error.message ? error : new LlmError(error.info, message);
    const core = said.toCoreError(turn.spec.id);
    return error.stopsTheAgent() ? orch.markFatal(core) : core;
  }
  if (isCoreError(error)) return error;
  return new CoreError('INTERNAL', 'the model call failed unexpectedly', {
    detail: error instanceof Error ? error.name : null,
    agentId: turn.spec.id,
  });
}
