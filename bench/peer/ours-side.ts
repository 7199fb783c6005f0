/**
 * Fuseforks' side of bench/peer-agents.ts: a real village in a temp folder (world.json, persona
 * files on disk) and an Orchestrator whose every agent talks to the instant scripted model through
 * an LlmBackend, as bench/orchestrator.ts's `instant`. No HTTP, no session store (the default
 * in-memory turn sink, as in bench/orchestrator.ts).
 */
import { rm } from 'node:fs/promises';
import type { AgentId } from '../../src/domain/ids.ts';
import type { LlmBackend } from '../../src/llm/backend.ts';
import type { ChatRequest, ChatResponse, ToolCall } from '../../src/llm/canonical.ts';
import { PLAN_TOOL } from '../../src/orchestrator/plan/plan-spec.ts';
import { Orchestrator } from '../../src/orchestrator/orchestrator.ts';
import type { AgentTool, ToolRegistry } from '../../src/orchestrator/tool.ts';
import { writeConfigFile } from '../../src/world/config-files.ts';
import { RACY_WINDOW_MS } from '../../src/world/fresh-text.ts';
import {
  CHAIN_AGENTS,
  FAN_OUT,
  NOOP_TOOL,
  WORKLOADS,
  emptyCounts,
  type ModelView,
  type Move,
  type Policy,
  type WorkCounts,
  type WorkloadName,
} from './scripted-policy.ts';
import { openBenchVillage } from '../kit/bench-village.ts';

export interface BenchSide {
  /** One run of the workload, resolved when the final answer is out. */
  run(): Promise<void>;
  counts: WorkCounts;
  close(): Promise<void>;
}

const USAGE = { prompt: 100, completion: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };

function viewOf(request: ChatRequest): ModelView {
  let results = 0;
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const role = request.messages[i]!.role;
    if (role === 'user') break;
    if (role === 'tool') results += 1;
  }
  return { offered: request.tools.map((t) => t.name), resultsSinceUser: results };
}

/** The persona of every bench servant (theirs get the same text as instructions). */
export const PERSONA = {
  construct: 'You are a servant of the bench village.',
  skill: 'Answer briefly.',
  memory: 'Nothing to remember yet.',
};

let callSeq = 0;

function responseOf(move: Move, counts: WorkCounts): ChatResponse {
  const base = { usage: USAGE, reasoningSummary: '', grounding: null, dropped: {} };
  if (move.kind === 'say') return { ...base, text: move.text, toolCalls: [], finish: 'stop' };
  let toolCalls: ToolCall[];
  if (move.kind === 'call') {
    if (move.name.startsWith('transfer_to_')) counts.handoffs += 1;
    toolCalls = [{ id: `call_${(callSeq += 1)}`, name: move.name, arguments: move.args }];
  } else {
    counts.delegations += move.targets.length;
    const tasks = move.targets.map((to) => ({ to, message: move.message }));
    toolCalls = [{ id: `call_${(callSeq += 1)}`, name: PLAN_TOOL, arguments: { tasks } }];
  }
  const text = move.kind === 'call' ? move.text : '';
  return { ...base, text, toolCalls, finish: 'tool_calls' };
}

export function scriptedBackend(policy: Policy, counts: WorkCounts): LlmBackend {
  return {
    name: () => 'instant',
    chat: async (request) => {
      counts.modelCalls += 1;
      return responseOf(policy(viewOf(request)), counts);
    },
  };
}

function noopRegistry(counts: WorkCounts): ToolRegistry {
  const noop: AgentTool = {
    name: NOOP_TOOL,
    wantsReason: false,
    specFor: () => ({
      name: NOOP_TOOL,
      description: 'Does nothing and says ok.',
      parameters: { type: 'object', properties: { i: { type: 'number' } } },
    }),
    execute: async () => {
      counts.toolRuns += 1;
      return 'ok';
    },
  };
  return { toolsFor: () => [noop] };
}

/** Agent ids and who each is connected to, per workload; `entry` gets the user's message. */
function topology(name: WorkloadName): {
  ids: string[];
  links: [string, string[]][];
  entry: string;
} {
  if (name === 'chain') {
    const ids = Array.from({ length: CHAIN_AGENTS }, (_, i) => `a${i}`);
    const links = ids.slice(0, -1).map((id, i): [string, string[]] => [id, [ids[i + 1]!]]);
    return { ids, links, entry: ids[0]! };
  }
  if (name === 'toolLoop') return { ids: ['solo'], links: [], entry: 'solo' };
  const workers = Array.from({ length: FAN_OUT }, (_, i) => `w${i}`);
  return { ids: ['hub', ...workers], links: [['hub', workers]], entry: 'hub' };
}

export async function oursSide(
  name: WorkloadName,
  options: { ageFiles?: boolean } = { ageFiles: true },
): Promise<BenchSide> {
  const counts = emptyCounts();
  const { root, paths, log, events, secrets, village, templateId } =
    await openBenchVillage('fuseforks-bench-peer-');
  const backend = scriptedBackend(WORKLOADS[name].policy, counts);
  const orch = new Orchestrator({
    village,
    paths,
    log,
    events,
    secrets,
    tools: name === 'toolLoop' ? noopRegistry(counts) : undefined,
    // 9 transfers in a row: the default fuel (8) would stop the chain before its last agent.
    config: { maxHops: CHAIN_AGENTS + 2 },
    backendFor: async () => backend,
  });
  const { ids, links, entry } = topology(name);
  for (const id of ids) {
    await village.createAgent({
      id: id as AgentId,
      name: id.toUpperCase(),
      modelTemplateId: templateId,
    });
  }
  for (const id of ids) {
    // A servant of a real village has its persona files; each turn reads all three.
    for (const [kind, text] of Object.entries(PERSONA)) {
      await writeConfigFile(paths, id, kind as keyof typeof PERSONA, text);
    }
  }
  for (const [from, to] of links) await village.setConnections(from as AgentId, to as AgentId[]);
  for (const id of ids) await orch.startAgent(id as AgentId);
  // Files changed in the last second are read again on every turn (fresh-text.ts): a real
  // village's persona files are older than that, so the bench waits as long.
  if (options.ageFiles !== false) await new Promise((r) => setTimeout(r, RACY_WINDOW_MS + 50));

  let finished: (() => void) | null = null;
  const unsubscribe = events.subscribe((event) => {
    if (event.type !== 'messageSent' || event.message.to.kind !== 'user') return;
    // The run's answer (or a hop-limit stop, which the parity test then counts as missing work).
    if (event.message.from.kind === 'agent') finished?.();
  });
  return {
    counts,
    run: () =>
      new Promise<void>((resolve) => {
        finished = () => {
          finished = null;
          resolve();
        };
        orch.sendUserMessage(entry as AgentId, 'go');
      }),
    close: async () => {
      // The last turn may still be closing its books after its answer went out.
      while (ids.some((id) => orch.runtimeIfKnown(id as AgentId)?.busy))
        await new Promise((r) => setTimeout(r, 1));
      unsubscribe();
      await orch.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
