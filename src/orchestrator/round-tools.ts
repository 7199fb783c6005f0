/**
 * The tool calls of one round: transfer ends the turn; everything else runs (RepeatGuard first, then
 * the "no such tool" answer) and every call gets its result, so calls and results stay in pairs.
 */
import type { ApprovalRequest } from '../domain/session.ts';
import type { ChatResponse, ToolCall } from '../llm/canonical.ts';
import { roomLogReadLine, toolBlockedLine, toolLine } from './lines/index.ts';
import type { Orchestrator } from './orchestrator.ts';
import { admitOutsideText, noUtterance, readRoomLog } from './prompt/index.ts';
import { ask, transfer } from './routing.ts';
import { PLAN_TOOL } from './plan/plan-spec.ts';
import { readTasks } from './plan/read-tasks.ts';
import { proposeWave, reviewWindowOpen } from './plan/review-window.ts';
import { forwardedTasks, runPlan } from './plan/run-plan.ts';
import { ROOM_LOG_TOOL } from './synthetic-tools.ts';
import { readReason, type ToolContext } from './tool.ts';
import { toolCallRecordOf } from './tool-call-record.ts';
import type { Completion } from './turn-exits.ts';
import type { Turn } from './turn-state.ts';
import { recordTransferRows, type TransferDelivery } from './transfer-rows.ts';

export type RoundOutcome =
  { kind: 'continue' } | { kind: 'handoff'; completion: Completion } | { kind: 'all_blocked'; tool: string };

export async function runRoundTools(
  orch: Orchestrator,
  turn: Turn,
  response: ChatResponse,
): Promise<RoundOutcome> {
  const transfers = response.toolCalls.filter((c) =>
    turn.routing.some((r) => r.kind === 'transfer' && r.name === c.name),
  );
  if (transfers.length > 0) return handOff(orch, turn, response, transfers);
  const proposal = proposePlans(orch, turn, response);
  if (proposal !== null) return proposal;

  turn.messages.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
  let ran = 0;
  let lastBlocked = '';
  for (const call of response.toolCalls) {
    const result = await runOne(orch, turn, call);
    if (result.blocked) lastBlocked = call.name;
    else ran += 1;
    const content = admitOutsideText(result.text, turn.language, result.ownHead);
    turn.messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content });
  }
  // The loop ends only when every call of the round was blocked: nothing new happened.
  return ran === 0 ? { kind: 'all_blocked', tool: lastBlocked } : { kind: 'continue' };
}

/**
 * Each destination gets its own call's message (falling back to the reply text); a destination
 * named twice keeps its first. History stores one line per destination: "[→ b] body".
 */
function handOff(orch: Orchestrator, turn: Turn, response: ChatResponse, calls: ToolCall[]): RoundOutcome {
  const fallback = response.text.trim() !== '' ? response.text : noUtterance(turn.language);
  const deliveries: TransferDelivery[] = [];
  for (const call of calls) {
    const route = turn.routing.find((r) => r.name === call.name)!;
    if (deliveries.some((d) => d.target === route.target)) continue;
    const message = typeof call.arguments.message === 'string' ? call.arguments.message : '';
    deliveries.push({ call, target: route.target, body: message.trim() !== '' ? message : fallback });
  }
  const entry = deliveries.map((d) => `[→ ${d.target}] ${d.body}`).join('\n');
  const result = transfer(orch, turn, deliveries);
  if (result === 'hop_limit') {
    // The fuel ran out: the text goes to the user instead of onward.
    const line = orch.text(turn.language).hopLimit(orch.config.maxHops);
    orch.systemLine(line);
    recordTransferRows(orch, turn, deliveries, () => line);
    return {
      kind: 'handoff',
      completion: { stop: { kind: 'completed' }, text: deliveries.map((d) => d.body).join('\n\n') },
    };
  }
  recordTransferRows(orch, turn, deliveries, (target) => result.undelivered.get(target) ?? null);
  return { kind: 'handoff', completion: { stop: { kind: 'completed' }, text: '', handoff: { entry } } };
}

/**
 * With the review window open, valid plan calls are proposed and the turn ends with the proposal as
 * its reply (Spec 43: a two-phase plan; a person's dispatch causes the delivery). Invalid calls, and
 * rounds without a valid one, run as usual so the model gets the refusal.
 */
function proposePlans(orch: Orchestrator, turn: Turn, response: ChatResponse): RoundOutcome | null {
  const offered = turn.offeredSpecs.some((s) => s.name === PLAN_TOOL);
  if (!offered || !reviewWindowOpen(orch, turn)) return null;
  const lines: string[] = [];
  for (const call of response.toolCalls.filter((c) => c.name === PLAN_TOOL)) {
    const tasks = readTasks(orch, turn.spec.id, turn.language, call.arguments.tasks);
    if (typeof tasks !== 'string') lines.push(proposeWave(orch, turn, forwardedTasks(turn, tasks)));
  }
  if (lines.length === 0) return null;
  return { kind: 'handoff', completion: { stop: { kind: 'completed' }, text: lines.join('\n') } };
}

async function runOne(
  orch: Orchestrator,
  turn: Turn,
  call: ToolCall,
): Promise<{ text: string; blocked: boolean; ownHead?: string }> {
  const t = orch.text(turn.language);
  const { chars: reasonChars, text: reason } = readReason(call.arguments);
  if (turn.guard.blocks(call.name, call.arguments)) {
    orch.events.emit({ type: 'toolRepeatBlocked', agentId: turn.spec.id, tool: call.name, repeats: 2 });
    orch.log.note(toolBlockedLine({ agent: turn.spec.id, tool: call.name, reason: 'repeat' }));
    return { text: t.repeatBlocked(call.name), blocked: true };
  }
  const route = turn.routing.find((r) => r.name === call.name);
  const tool = turn.tools.find((x) => x.name === call.name);
  const offeredRoomLog =
    call.name === ROOM_LOG_TOOL && turn.offeredSpecs.some((s) => s.name === ROOM_LOG_TOOL);
  const offeredPlan = call.name === PLAN_TOOL && turn.offeredSpecs.some((s) => s.name === PLAN_TOOL);
  if (!route && !tool && !offeredRoomLog && !offeredPlan) {
    // Not offered: answered, never run, and no toolInvoked.
    const text = t.noSuchTool(call.name);
    turn.guard.record(call.name, call.arguments, text);
    return { text, blocked: false };
  }
  turn.envelope.watch?.toolStarted(turn.spec.id, call.name, route?.target ?? null);
  let text: string;
  let ownHead = '';
  let ok = true;
  let flagged = false;
  let approval: ApprovalRequest | null = null;
  if (offeredPlan) {
    text = await runPlan(orch, turn, call.arguments);
  } else if (route) {
    const message = typeof call.arguments.message === 'string' ? call.arguments.message : '';
    text = message.trim() === '' ? t.askNoMessage : await ask(orch, turn, route.target, message);
  } else if (offeredRoomLog) {
    const id = typeof call.arguments.id === 'string' ? call.arguments.id : '';
    const read = readRoomLog(
      orch.messages.view(),
      turn.spec.id,
      id,
      (e) => orch.senderLabel(e),
      turn.language,
    );
    orch.log.note(roomLogReadLine({ agent: turn.spec.id, id, outcome: read.outcome, chars: read.chars }));
    text = read.text;
    ownHead = read.ownHead;
  } else {
    const ctx: ToolContext = {
      agentId: turn.spec.id,
      workDir: turn.spec.workDir,
      // The blackboard asks its gate again at call time (Spec 55 freeze 1), so this is the setting as
      // it is now, not at turn start: a servant set not to use the blackboard mid-turn writes nothing.
      usesBlackboard: orch.directory().spec(turn.spec.id)?.usesBlackboard ?? false,
      language: turn.language,
      agentNames: orch.agentNames(),
      paths: orch.paths,
      log: orch.log,
      signal: turn.handle.controller.signal,
      contextLength: turn.template.contextLength,
      flagError: () => {
        flagged = true;
      },
      awaitingApproval: (request) => {
        approval = request;
      },
    };
    try {
      text = await tool!.execute(call.arguments, ctx);
    } catch (error) {
      ok = false;
      text = t.toolFailed(error instanceof Error ? error.message : String(error));
    }
  }
  turn.guard.record(call.name, call.arguments, text);
  // Routing tools show their arguments as messages already: no reason row for them.
  const reasonState =
    route || offeredPlan
      ? ('excluded' as const)
      : tool && !tool.wantsReason
        ? ('unsupported' as const)
        : reason !== null
          ? ('written' as const)
          : ('omitted' as const);
  const tsMs = orch.now();
  const shownReason = reasonState === 'written' ? reason : null;
  const record = toolCallRecordOf(turn, call, {
    text,
    isError: !ok || flagged,
    reason: shownReason,
    reasonState,
    tsMs,
    target: route?.target,
    approval,
  });
  // One short synchronous write where the event is emitted (never across an await), like the others.
  orch.sink.recordToolCall(record);
  orch.events.emit({
    type: 'toolInvoked',
    agentId: turn.spec.id,
    tool: call.name,
    ok: ok && !flagged,
    reason: shownReason,
    reasonState,
    tsMs,
    call: record,
  });
  orch.log.note(
    toolLine({
      agent: turn.spec.id,
      tool: call.name,
      ok,
      argsChars: [...JSON.stringify(call.arguments)].length,
      bodyChars: [...text].length,
      reasonChars: reasonState === 'written' || reasonState === 'omitted' ? reasonChars : undefined,
    }),
  );
  return { text, blocked: false, ownHead };
}
