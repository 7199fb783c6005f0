/**
 * "Summarize and continue": each running agent folds its own history into a summary written by
 * itself (its own template, no tools). Folding happens only after the summary is saved; a failure is
 * a WARN and the next agent goes on. Never automatic.
 */
import type { AgentId } from '../domain/ids.ts';
import type { ChatMessage } from '../llm/canonical.ts';
import { readConfigFile } from '../world/config-files.ts';
import type { AgentRuntime } from './agent-runtime.ts';
import { charCount } from './chars.ts';
import type { Orchestrator } from './orchestrator.ts';
import { composeSystemPrompt, exchangePair } from './prompt/index.ts';

/** The assistant side of the summary pair: the model reads it, so it is in the village language. */
export const SUMMARY_ACK = { ja: '（了解）', en: '(Understood.)' } as const;

const INSTRUCTION = {
  ja: 'ここまでの会話を、このあと仕事を続けるのに必要なことだけ残して要約してください。決まったこと・分かったこと・残っていることを、短く事実で。',
  en: 'Summarize the conversation so far, keeping only what is needed to carry on: what was decided, what was found, what is left. Short, factual.',
};

const DONE = {
  ja: (n: number, skipped: string[]) =>
    `${n} 体の会話を要約しました。${skipped.length > 0 ? `停止中のため要約しなかったサーヴァント: ${skipped.join('、')}` : ''}`,
  en: (n: number, skipped: string[]) =>
    `Summarized the conversation of ${n} ${n === 1 ? 'servant' : 'servants'}.${skipped.length > 0 ? ` Not summarized (not running): ${skipped.join(', ')}` : ''}`,
};

export interface SummaryStore {
  /** The seq the summary covers up to (taken before writing). */
  boundary(): number | null;
  /** False once the village switched conversation: nothing is saved or folded then. */
  stillCurrent(): boolean;
  saveSummary(agentId: AgentId, text: string, coversUpToSeq: number): boolean;
}

/** `only`: summarizeAfter's targets (a schedule's chain); every running agent when absent. */
export async function summarizeAgents(
  orch: Orchestrator,
  store: SummaryStore,
  only?: ReadonlySet<AgentId>,
): Promise<number> {
  const world = orch.world();
  const language = world.language ?? 'en';
  const skipped: string[] = [];
  let done = 0;
  for (const spec of world.agents) {
    if (only && !only.has(spec.id)) continue;
    const runtime = orch.runtimeIfKnown(spec.id);
    if (!runtime || runtime.status !== 'running') {
      if (runtime?.history.length) skipped.push(orch.labelOf(spec.id));
      continue;
    }
    if (runtime.history.length === 0) continue;
    try {
      if (await summarizeOne(orch, runtime, store, language)) done += 1;
    } catch (error) {
      orch.log.warn(`summarize: agent=${spec.id} failed (${(error as Error).name})`);
    }
  }
  orch.systemLine(DONE[language](done, skipped));
  return done;
}

async function summarizeOne(
  orch: Orchestrator,
  runtime: AgentRuntime,
  store: SummaryStore,
  language: 'ja' | 'en',
): Promise<boolean> {
  const world = orch.world();
  const spec = world.agents.find((a) => a.id === runtime.id)!;
  const template = world.templates.find((t) => t.id === spec.modelTemplateId);
  if (!template) return false;
  const backend = await orch.backendFor(template);
  const read = (kind: 'skill' | 'memory' | 'construct') =>
    readConfigFile(orch.paths, spec.id, kind).catch(() => '');
  const [construct, skill, memory] = await Promise.all([read('construct'), read('skill'), read('memory')]);
  const boundary = store.boundary();
  const startedAtMs = orch.now();
  // A copy: exchanges a running turn adds meanwhile are not covered by this summary and stay.
  const folded = [...runtime.history];
  const messages: ChatMessage[] = [
    ...(runtime.summary ? exchangePair(runtime.summary, SUMMARY_ACK[language], language) : []),
    ...folded.flatMap((x) => exchangePair(x.sent, x.replied, language)),
    { role: 'user', content: INSTRUCTION[language] },
  ];
  const response = await backend.chat({
    system: composeSystemPrompt({
      language,
      ordinance: '',
      self: { id: spec.id, name: spec.name },
      workDir: spec.workDir,
      groundingActive: false,
      construct,
      skill,
      roster: [],
      memory,
    }),
    messages,
    tools: [],
    toolChoice: 'none',
    effort: template.effort,
    temperature: template.temperature,
    maxOutputTokens: template.maxOutputTokens,
  });
  runtime.addUsage({ ...response.usage, cacheRead: 0 });
  // The summary's tokens count in the statistics (cached always 0), like any turn's.
  orch.sink.recordTurn({
    agentId: spec.id,
    tsMs: startedAtMs,
    hop: 0,
    rounds: 1,
    waves: 0,
    stop: { kind: 'completed' },
    prompt: response.usage.prompt,
    cached: 0,
    completion: response.usage.completion,
    reasoning: response.usage.reasoning,
    cacheWrite: 0,
    cacheWrite1h: 0,
    model: template.model,
    backend: backend.name(),
    elapsedMs: orch.now() - startedAtMs,
  });
  orch.events.emit({ type: 'turnRecorded', agentId: spec.id, sessionId: orch.sink.sessionId() });
  const text = response.text.trim();
  const foldedChars = folded.reduce((n, x) => n + charCount(x.sent) + charCount(x.replied), 0);
  const summaryChars = charCount(text);
  orch.log.note(
    `summarize: agent=${spec.id} model=${template.model} covers_up_to=${boundary ?? '-'} folded_msgs=${folded.length * 2} folded_chars=${foldedChars} summary_chars=${summaryChars} prompt=${response.usage.prompt} cached=0 total=${response.usage.prompt + response.usage.completion}`,
  );
  if (summaryChars >= foldedChars)
    orch.log.warn(`summarize: agent=${spec.id} summary is not shorter than what it folds`);
  // Empty or unsaved summaries fold nothing.
  if (text === '' || boundary === null || !store.stillCurrent()) return false;
  if (!store.saveSummary(spec.id, text, boundary)) return false;
  runtime.summary = text;
  runtime.history = runtime.history.slice(folded.length);
  return true;
}
