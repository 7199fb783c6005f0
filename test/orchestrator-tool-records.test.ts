import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { McpToolFailed } from '../src/mcp/client/mcp-tool.ts';
import type { AgentTool } from '../src/orchestrator/tool.ts';
import { boundedPreview } from '../src/orchestrator/tool-call-record.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import { call, say } from './fakes/scripted-model.ts';

let o: Orchestra | null = null;
afterEach(async () => {
  await o?.close();
  o = null;
});

function tool(name: string, execute: AgentTool['execute']): AgentTool {
  return {
    name,
    wantsReason: true,
    specFor: () => ({ name, description: name, parameters: { type: 'object', properties: {} } }),
    execute,
  };
}

describe('tool records', () => {
  it('a turn with tool calls records each one with its arguments, result, reason and error mark', async () => {
    const big = 'x'.repeat(20_000);
    o = await makeOrchestra({
      tools: {
        toolsFor: () => [
          tool('lookup', async () => big),
          tool('miss', async (_args, ctx) => {
            ctx.flagError?.();
            return 'not there';
          }),
        ],
      },
    });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('lookup', { q: 'x', reason: 'find x' }), call('miss', {}), say('done'));
    o.orch.sendUserMessage('a' as AgentId, 'go');
    await o.idle();
    const [first, second] = o.sink.toolCalls;
    expect(first).toMatchObject({
      agentId: 'a',
      name: 'lookup',
      reason: 'find x',
      reasonState: 'written',
      isError: false,
      argsPreview: '{\n  "q": "x"\n}',
      resultChars: 20_000,
      hop: 0,
    });
    expect(first!.resultPreview).toHaveLength(16_000);
    expect(second).toMatchObject({
      name: 'miss',
      isError: true,
      resultPreview: 'not there',
      reasonState: 'omitted',
    });
    const events = o.events.filter((e) => e.type === 'toolInvoked');
    expect(events.map((e) => (e as { ok: boolean }).ok)).toEqual([true, false]);
    expect((events[0] as { call?: unknown }).call).toEqual(first);
  });

  it('a tool that throws (an MCP error result: McpToolFailed) is recorded as an error with its text', async () => {
    o = await makeOrchestra({
      tools: {
        toolsFor: () => [
          tool('srv__search', async () => {
            throw new McpToolFailed('MCP server srv: no such index');
          }),
        ],
      },
    });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('srv__search', { q: 'x' }), say('done'));
    o.orch.sendUserMessage('a' as AgentId, 'go');
    await o.idle();
    expect(o.sink.toolCalls).toHaveLength(1);
    expect(o.sink.toolCalls[0]).toMatchObject({ name: 'srv__search', isError: true });
    expect(o.sink.toolCalls[0]!.resultPreview).toContain('MCP server srv: no such index');
    const events = o.events.filter((e) => e.type === 'toolInvoked');
    expect(events.map((e) => (e as { ok: boolean }).ok)).toEqual([false]);
  });

  it('boundedPreview cuts at code points and keeps the full length', () => {
    expect(boundedPreview('ab😀cd', 3)).toEqual({ preview: 'ab😀', chars: 5 });
    expect(boundedPreview('short', 10)).toEqual({ preview: 'short', chars: 5 });
  });
});
