/**
 * The @openai/agents side of bench/peer-agents.ts: the same instant scripted model behind a custom
 * `Model` (no HTTP, no OpenAI client), tracing disabled. Transfers are handoffs, the trivial tool a
 * function tool, the fan-out agents as tools (`agent.asTool()`), all 20 called in one model reply.
 */
import {
  Agent,
  Runner,
  Usage,
  setTracingDisabled,
  tool,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { z } from 'zod';
import { PERSONA, type BenchSide } from './ours-side.ts';
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

setTracingDisabled(true);

function viewOf(request: ModelRequest): ModelView {
  const offered = [...request.tools.map((t) => t.name), ...request.handoffs.map((h) => h.toolName)];
  const input: AgentInputItem[] = typeof request.input === 'string' ? [] : request.input;
  let results = 0;
  for (let i = input.length - 1; i >= 0; i -= 1) {
    const item = input[i]! as { type?: string; role?: string };
    if (item.role === 'user') break;
    if (item.type === 'function_call_result') results += 1;
  }
  return { offered, resultsSinceUser: results };
}

let seq = 0;

function message(text: string): ModelResponse['output'][number] {
  return {
    type: 'message',
    id: `msg_${(seq += 1)}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  };
}

function functionCall(name: string, args: Record<string, unknown>): ModelResponse['output'][number] {
  return {
    type: 'function_call',
    callId: `call_${(seq += 1)}`,
    name,
    arguments: JSON.stringify(args),
    status: 'completed',
  };
}

function responseOf(move: Move, counts: WorkCounts): ModelResponse {
  const usage = new Usage({ requests: 1, inputTokens: 100, outputTokens: 5, totalTokens: 105 });
  if (move.kind === 'say') return { usage, output: [message(move.text)] };
  if (move.kind === 'call') {
    if (move.name.startsWith('transfer_to_')) counts.handoffs += 1;
    const output = move.text === '' ? [] : [message(move.text)];
    return { usage, output: [...output, functionCall(move.name, move.args)] };
  }
  counts.delegations += move.targets.length;
  return { usage, output: move.targets.map((to) => functionCall(`ask_${to}`, { input: move.message })) };
}

export function scriptedModel(policy: Policy, counts: WorkCounts): Model {
  return {
    getResponse: async (request) => {
      counts.modelCalls += 1;
      return responseOf(policy(viewOf(request)), counts);
    },
    // The runner is only ever asked for whole responses here.
    getStreamedResponse: () => {
      throw new Error('the scripted model does not stream');
    },
  };
}

function agentsFor(name: WorkloadName, model: Model, counts: WorkCounts): Agent {
  const instructions = Object.values(PERSONA).join('\n\n');
  if (name === 'chain') {
    let next: Agent | null = null;
    for (let i = CHAIN_AGENTS - 1; i >= 0; i -= 1) {
      next = new Agent({ name: `a${i}`, instructions, model, handoffs: next ? [next] : [] });
    }
    return next!;
  }
  if (name === 'toolLoop') {
    const noop = tool({
      name: NOOP_TOOL,
      description: 'Does nothing and says ok.',
      parameters: z.object({ i: z.number() }),
      execute: async () => {
        counts.toolRuns += 1;
        return 'ok';
      },
    });
    return new Agent({ name: 'solo', instructions, model, tools: [noop] });
  }
  const workers = Array.from({ length: FAN_OUT }, (_, i) =>
    new Agent({ name: `w${i}`, instructions, model }).asTool({
      toolName: `ask_w${i}`,
      toolDescription: `Ask W${i} and receive the answer.`,
    }),
  );
  return new Agent({ name: 'hub', instructions, model, tools: workers });
}

export async function theirsSide(name: WorkloadName): Promise<BenchSide> {
  const counts = emptyCounts();
  const model = scriptedModel(WORKLOADS[name].policy, counts);
  const runner = new Runner({ modelProvider: { getModel: () => model }, tracingDisabled: true });
  const entry = agentsFor(name, model, counts);
  return {
    counts,
    run: async () => {
      // maxTurns counts model calls of one run (11 in the tool loop; the default is 10).
      await runner.run(entry, 'go', { maxTurns: 100 });
    },
    close: async () => undefined,
  };
}
