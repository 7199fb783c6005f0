/**
 * The instant scripted model both sides of bench/peer-agents.ts run on. It decides from what the
 * request shows (the tool names offered, the tool results since the turn's user message), never
 * from which side asks, so one policy drives Fuseforks and @openai/agents through the same work.
 * Each side's adapter (ours-side.ts, theirs-side.ts) turns its request into a ModelView and a Move
 * into its own response shape, and counts into a WorkCounts the parity test compares.
 */

/** What a scripted model may look at in a request. */
export interface ModelView {
  /** Tool names offered to the model (routing tools, function tools, handoffs, agent tools). */
  offered: readonly string[];
  /** Tool results after the last user message: how far this turn has come. */
  resultsSinceUser: number;
}

export type Move =
  | { kind: 'say'; text: string }
  /** One function tool call (a handoff is one too: `transfer_to_<id>`). */
  | { kind: 'call'; name: string; args: Record<string, unknown>; text: string }
  /** Ask every one of these agents at once and get their answers back (ours: plan; theirs: agent tools). */
  | { kind: 'askAll'; targets: readonly string[]; message: string };

/** The work one run did: equal on both sides when the comparison is fair. */
export interface WorkCounts {
  modelCalls: number;
  /** Function tool executions (the trivial tool of the tool loop). */
  toolRuns: number;
  /** Handoffs the model asked for. */
  handoffs: number;
  /** Sub-agents asked in a fan-out. */
  delegations: number;
}

export function emptyCounts(): WorkCounts {
  return { modelCalls: 0, toolRuns: 0, handoffs: 0, delegations: 0 };
}

export type Policy = (view: ModelView) => Move;

export const TRANSFER_PREFIX = 'transfer_to_';
export const ASK_PREFIX = 'ask_';
export const NOOP_TOOL = 'noop';

/**
 * Hands on to the next agent whenever one is offered; the last one (nothing offered) answers. No
 * look at the results: theirs shows the next agent the handoff's result, ours a new message.
 */
export const chainPolicy: Policy = (view) => {
  const next = view.offered.find((name) => name.startsWith(TRANSFER_PREFIX));
  if (next !== undefined) {
    return { kind: 'call', name: next, args: {}, text: 'carry on' };
  }
  return { kind: 'say', text: 'the chain is done' };
};

/** Calls the trivial tool `rounds` times (a new argument each time), then answers. */
export function toolLoopPolicy(rounds: number): Policy {
  return (view) =>
    view.resultsSinceUser < rounds
      ? { kind: 'call', name: NOOP_TOOL, args: { i: view.resultsSinceUser }, text: '' }
      : { kind: 'say', text: `called ${NOOP_TOOL} ${rounds} times` };
}

/** The hub asks every agent offered at once, then answers; the agents asked answer at once. */
export const fanOutPolicy: Policy = (view) => {
  const targets = view.offered.filter((name) => name.startsWith(ASK_PREFIX)).map((name) => name.slice(4));
  if (targets.length > 0 && view.resultsSinceUser === 0) {
    return { kind: 'askAll', targets, message: 'what do you say?' };
  }
  return { kind: 'say', text: targets.length > 0 ? 'all answers are in' : 'my answer' };
};

export interface Workload {
  name: string;
  policy: Policy;
  /** The unit of the figure printed ("per hop"). */
  unit: string;
  /** Units in one run (9 hops in a 10-agent chain). */
  unitsPerRun: number;
  /** Goal: ours <= goal x theirs. */
  goal: number;
  /** The work one run must do, on both sides. */
  expected: WorkCounts;
}

export const CHAIN_AGENTS = 10;
export const TOOL_ROUNDS = 10;
export const FAN_OUT = 20;

export const WORKLOADS = {
  chain: {
    name: `transfer chain, ${CHAIN_AGENTS} agents`,
    policy: chainPolicy,
    unit: 'per hop',
    unitsPerRun: CHAIN_AGENTS - 1,
    goal: 0.8,
    expected: { modelCalls: CHAIN_AGENTS, toolRuns: 0, handoffs: CHAIN_AGENTS - 1, delegations: 0 },
  },
  toolLoop: {
    name: `single-agent tool loop, ${TOOL_ROUNDS} rounds`,
    policy: toolLoopPolicy(TOOL_ROUNDS),
    unit: 'per tool round',
    unitsPerRun: TOOL_ROUNDS,
    goal: 0.5,
    expected: { modelCalls: TOOL_ROUNDS + 1, toolRuns: TOOL_ROUNDS, handoffs: 0, delegations: 0 },
  },
  fanOut: {
    name: `fan-out 1 -> ${FAN_OUT}`,
    policy: fanOutPolicy,
    unit: 'per fan-out',
    unitsPerRun: 1,
    goal: 0.8,
    expected: { modelCalls: FAN_OUT + 2, toolRuns: 0, handoffs: 0, delegations: FAN_OUT },
  },
} satisfies Record<string, Workload>;

export type WorkloadName = keyof typeof WORKLOADS;
