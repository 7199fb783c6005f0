/**
 * Encrypted reasoning is carried between the calls of ONE turn and never into a later turn: the
 * Responses decoder keeps it on the first ToolCall's extra, the turn loop sends the assistant tool
 * round back within the turn, and history stores only `{sent, replied}` text (turn-exits.ts), so the
 * next turn's input cannot hold it. Real orchestrator and village; the model is scripted with what the
 * shared decoder makes of a recorded reasoning item.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import type { ChatRequest } from '../src/llm/canonical.ts';
import { convertToResponsesInput, decodeResponsesOutput } from '../src/llm/wires/responses/index.ts';
import { responsesFixture } from '../src/llm/wires/responses/responses-test-helpers.ts';
import type { AgentTool } from '../src/orchestrator/tool.ts';
import { say } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});

const lookup: AgentTool = {
  name: 'lookup',
  wantsReason: false,
  specFor: () => ({ name: 'lookup', description: 'lookup', parameters: { type: 'object', properties: {} } }),
  execute: async () => 'found',
};

function inputOf(request: ChatRequest): string {
  return JSON.stringify(convertToResponsesInput(request.system, request.messages, 'instructions').input);
}

describe('encrypted reasoning across the calls of a turn', () => {
  it('reaches the next call of the same turn, before the call item, and never the next turn', async () => {
    const reasoning = responsesFixture('openai-reasoning-encrypted-content.1.json').output[0]!;
    const encrypted = reasoning.encrypted_content as string;
    const { response } = decodeResponsesOutput(
      {
        status: 'completed',
        output: [
          reasoning,
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lookup', arguments: '{}' },
        ],
      },
      { replayOutputItems: true },
    );
    o = await makeOrchestra({ tools: { toolsFor: () => [lookup] } });
    const a = await o.agent('a');
    await o.start('a');
    a.script(response, say('first answer'), say('second answer'));
    o.orch.sendUserMessage('a' as AgentId, 'one');
    await o.idle();
    o.orch.sendUserMessage('a' as AgentId, 'two');
    await o.idle();
    expect(a.requests).toHaveLength(3);

    const sameTurn = inputOf(a.requests[1]!);
    expect(sameTurn).toContain(encrypted);
    expect(sameTurn.indexOf(encrypted)).toBeLessThan(sameTurn.indexOf('"type":"function_call"'));

    const nextTurn = a.requests[2]!;
    expect(nextTurn.messages.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).length > 0)).toBe(
      false,
    );
    expect(inputOf(nextTurn)).not.toContain(encrypted);
    expect(inputOf(nextTurn)).not.toContain('"type":"reasoning"');
    expect(nextTurn.messages.at(-2)).toEqual({ role: 'assistant', content: 'first answer' });
  });
});
