/** Everything a turn needs before its first call: template, backend, prompt, tools, history. */
import { agentLabel } from './texts.ts';
import { CoreError } from '../domain/errors.ts';
import { PLAN_MIN_CONNECTIONS, planToolSpec } from './plan/plan-spec.ts';
import { DEFAULT_MAX_TOOL_ITERATIONS } from '../domain/agent.ts';
import { isLlmError } from '../llm/llm-error.ts';
import { effectiveProvider, skills } from '../llm/provider.ts';
import type { AttachmentData, ChatMessage, ToolSpec } from '../llm/canonical.ts';
import { readConfigFile } from '../world/config-files.ts';
import { readWorkspaceTextFresh } from '../world/fresh-text.ts';
import type { AgentRuntime, TurnHandle } from './agent-runtime.ts';
import type { Envelope } from './envelope.ts';
import type { Orchestrator } from './orchestrator.ts';
import {
  attributeSender,
  broadcastNote,
  composeRoomLog,
  composeSystemPrompt,
  exchangePair,
  foldUserTurn,
  presenceSection,
  windowHistory,
  withAttachmentMarker,
} from './prompt/index.ts';
import { loadTurnAttachments } from './turn-attachments.ts';
import { loopSlice } from './loop-slice.ts';
import type { UserChatMessage } from './image-retry.ts';
import { turnStartLine } from './lines/index.ts';
import { RepeatGuard } from './repeat-guard.ts';
import { templateStreams } from '../domain/template.ts';
import { systemBatchClock } from './stream/delta-batcher.ts';
import { ReplyStream } from './stream/reply-stream.ts';
import { roomLogToolSpec, routingTools, routingToolSpec } from './synthetic-tools.ts';
import { withReasonField, type AgentTool, type ToolSpecContext } from './tool.ts';
import { emptySpend, type Turn } from './turn-state.ts';

export type Prepared = { kind: 'ready'; turn: Turn } | { kind: 'failed'; error: CoreError };

export async function prepareTurn(
  orch: Orchestrator,
  runtime: AgentRuntime,
  envelope: Envelope,
  handle: TurnHandle,
): Promise<Prepared> {
  // Slices bound the synchronous runs of many turns at once (issue 24): here, before the reads
  // are issued, and below, before the prompt is built.
  const start = loopSlice();
  if (start !== null) await start;
  const world = orch.world();
  const directory = orch.directory();
  const spec = directory.spec(runtime.id);
  if (!spec)
    return { kind: 'failed', error: new CoreError('AGENT_NOT_FOUND', 'the servant no longer exists') };
  const template = world.templates.find((t) => t.id === spec.modelTemplateId);
  if (!template) {
    return {
      kind: 'failed',
      error: new CoreError('MODEL_TEMPLATE_NOT_FOUND', 'the servant has no model template', {
        agentId: spec.id,
      }),
    };
  }
  let backend;
  try {
    backend = await orch.backendFor(template);
  } catch (error) {
    const core = isLlmError(error) ? error.toCoreError(spec.id) : isCoreError(error) ? error : null;
    return { kind: 'failed', error: core ?? new CoreError('LLM_CONFIG', 'the model could not be set up') };
  }
  const language = world.language ?? 'en';
  const paths = orch.paths;
  const read = async (kind: 'skill' | 'memory' | 'construct') =>
    readConfigFile(paths, spec.id, kind).catch(() => '');
  const [ordinance, construct, skill, memory] = await Promise.all([
    // A linked ordinance is refused (as read_ordinance refuses it) and the prompt goes without one.
    readWorkspaceTextFresh(paths.workspace, paths.ordinance).catch(() => null),
    read('construct'),
    read('skill'),
    read('memory'),
  ]);
  // The files are read: what follows is synchronous up to the model call.
  const built = loopSlice();
  if (built !== null) await built;
  const names = orch.agentNames();
  const roster = spec.connectedAgents.map((id) => {
    const other = directory.spec(id);
    const role = other?.roleId ? world.roles.find((r) => r.id === other.roleId) : undefined;
    return { id, name: other?.name ?? id, roleName: role?.name ?? null, status: orch.statusOf(id) };
  });
  const system = composeSystemPrompt({
    language,
    ordinance: ordinance ?? '',
    self: { id: spec.id, name: spec.name },
    workDir: spec.workDir,
    groundingActive: skills.groundingActive(template),
    construct,
    skill,
    roster,
    memory,
  });

  const attributed = attributeSender(
    orch.senderLabel(envelope.incoming.from),
    envelope.incoming.content,
    language,
  );
  const attachments = await loadTurnAttachments(orch.attachments, envelope.incoming.attachments, {
    language,
    provider: effectiveProvider(template),
    log: orch.log,
  });
  // Only the window's tail and the few messages the excerpt shows are read, never the whole log.
  const sent = foldUserTurn({
    language,
    summary: runtime.summary,
    presence: presenceSection(orch.messages.list(orch.config.roomLogWindow), language),
    roomLog: spec.hearsRoomLog
      ? composeRoomLog(
          orch.messages,
          spec.id,
          (e) => orch.senderLabel(e),
          language,
          orch.config.roomLogWindow,
          orch.config.roomLogExcerptChars,
        )
      : null,
    broadcastNote:
      envelope.coRecipients.length >= 2 ? broadcastNote(envelope.coRecipients.length, language) : null,
    envelopeText: attributed,
    attachmentMarker: attachments.marker,
  });

  const history: ChatMessage[] = windowHistory(runtime.history, orch.config.historyTurns).flatMap((x) =>
    exchangePair(x.sent, x.replied, language),
  );
  const toolCtx: ToolSpecContext = {
    agentId: spec.id,
    workDir: spec.workDir,
    usesBlackboard: spec.usesBlackboard,
    language,
    agentNames: names,
    paths,
    log: orch.log,
  };
  // In a delegated turn (a requester waits) transfer is never offered: one request must not split.
  const routing = template.useTools
    ? routingTools(spec.connectedAgents, spec.allowHandoff && envelope.replyTo === null)
    : [];
  // Never waits for MCP servers still connecting (issue 17): one hanging handshake held back every
  // first turn; the tools of those servers join from the next turn (see McpServerSet).
  const tools = template.useTools ? orch.tools.toolsFor(spec.id) : [];
  const offered: ToolSpec[] = [];
  for (const r of routing) {
    const label = agentLabel(r.target, names.get(r.target) ?? r.target, language);
    offered.push(routingToolSpec(r, label, language));
  }
  const offeredTools: AgentTool[] = [];
  for (const t of tools) {
    const toolSpec = await t.specFor(toolCtx);
    if (!toolSpec) continue;
    offered.push(t.wantsReason ? withReasonField(toolSpec, language) : toolSpec);
    offeredTools.push(t);
  }
  // plan (parallel asks) needs two destinations; it stays in delegated turns, like ask.
  if (template.useTools && spec.connectedAgents.length >= PLAN_MIN_CONNECTIONS) {
    offered.push(planToolSpec(spec.connectedAgents, (id) => orch.labelOf(id), language));
  }
  if (template.useTools && spec.hearsRoomLog)
    offered.push(withReasonField(roomLogToolSpec(language), language));

  // Tools alone do not tell a model that not calling one ends the turn: the procedure says so (stable).
  const t = orch.text(language);
  const procedure =
    routing.length > 0
      ? t.procedure
      : !template.useTools && spec.connectedAgents.length > 0 && envelope.replyTo === null
        ? t.endMarkerProcedure(orch.labelOf(spec.connectedAgents[0]!))
        : '';
  if (procedure !== '') system.stable = system.stable === '' ? procedure : `${system.stable}\n\n${procedure}`;

  const user = userMessage(sent, attachments.data);
  const turn: Turn = {
    runtime,
    envelope,
    handle,
    spec,
    template,
    backend,
    language,
    sent,
    // A failed turn stores only the enveloped text: the marker stays with it.
    attributed: withAttachmentMarker(attributed, attachments.marker),
    request: {
      system,
      messages: [],
      tools: offered,
      toolChoice: 'auto',
      effort: template.effort,
      temperature: template.temperature,
      maxOutputTokens: template.maxOutputTokens,
    },
    messages: [...history, user],
    tools: offeredTools,
    routing,
    offeredSpecs: offered,
    maxRounds: spec.maxToolIterations ?? DEFAULT_MAX_TOOL_ITERATIONS,
    guard: new RepeatGuard(),
    spend: emptySpend(),
    startedAtMs: handle.startedAtMs,
    grounding: null,
    reasoningSummary: '',
    exiting: false,
    waves: 0,
    imageRetry: { userMessage: user, retried: false },
    stream: templateStreams(template) ? new ReplyStream(spec.id, orch.events, systemBatchClock) : null,
  };
  orch.log.note(turnStartLine({ agent: spec.id, hop: envelope.incoming.hop, chars: [...sent].length }));
  return { kind: 'ready', turn };
}

/** The turn's user message; the same object in every call, so a JPEG retry's bytes stay for the turn. */
function userMessage(sent: string, data: AttachmentData[]): UserChatMessage {
  return data.length === 0
    ? { role: 'user', content: sent }
    : { role: 'user', content: sent, attachments: data };
}

function isCoreError(value: unknown): value is CoreError {
  return value instanceof CoreError;
}
