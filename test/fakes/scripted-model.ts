/**
 * A scripted fake model for orchestrator tests: each call is answered by a function of the request
 * (or the next queued answer), with exact usage, so turns are deterministic.
 */
import type { ChatOptions, LlmBackend } from '../../src/llm/backend.ts';
import type { ChatRequest, ChatResponse, ToolCall, Usage } from '../../src/llm/canonical.ts';

export type Step =
  | ChatResponse
  | Error
  | ((request: ChatRequest, options: ChatOptions) => Promise<ChatResponse> | ChatResponse);

export const USAGE: Usage = {
  prompt: 100,
  completion: 10,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  reasoning: 0,
};

export function say(text: string, usage: Partial<Usage> = {}): ChatResponse {
  return {
    text,
    toolCalls: [],
    finish: 'stop',
    usage: { ...USAGE, ...usage },
    reasoningSummary: '',
    grounding: null,
    dropped: {},
  };
}

let callCounter = 0;
export function call(name: string, args: Record<string, unknown> = {}, text = ''): ChatResponse {
  callCounter += 1;
  const toolCall: ToolCall = { id: `call_${callCounter}`, name, arguments: args };
  return { ...say(text), toolCalls: [toolCall], finish: 'tool_calls' };
}

export function calls(list: [string, Record<string, unknown>][], text = ''): ChatResponse {
  return {
    ...say(text),
    toolCalls: list.map(([name, args]) => {
      callCounter += 1;
      return { id: `call_${callCounter}`, name, arguments: args };
    }),
    finish: 'tool_calls',
  };
}

export class ScriptedModel implements LlmBackend {
  readonly requests: ChatRequest[] = [];
  private readonly queue: Step[] = [];
  /** Used when the queue is empty. */
  fallback: Step = say('ok');

  constructor(readonly label = 'scripted') {}

  name(): string {
    return 'scripted';
  }

  script(...steps: Step[]): this {
    this.queue.push(...steps);
    return this;
  }

  async chat(request: ChatRequest, options: ChatOptions = {}): Promise<ChatResponse> {
    this.requests.push(structuredClone(request));
    const step = this.queue.shift() ?? this.fallback;
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(request, options) : structuredClone(step);
  }

  /** The last user message of the n-th request (what the model was sent). */
  sentAt(n: number): string {
    const request = this.requests[n];
    const last = request?.messages.filter((m) => m.role === 'user').at(-1);
    return last?.content ?? '';
  }
}
