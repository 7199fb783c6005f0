/**
 * What the model gets from MCP tools, against real servers: task-only tools left out, a tool list
 * the SDK would refuse as a whole, name collisions and long names, the server's own error text,
 * progress tokens and the call timeout, results capped to the context, a result over the transport's
 * limit.
 */
import { describe, expect, it } from 'vitest';
import { useManagerKit } from './manager-kit.ts';
import { everythingStdio, listed, scriptedStdio, until } from './servers.ts';

const kit = useManagerKit();

describe('which tools are offered', () => {
  it('leaves out a tool that runs only as a task (server-everything), and says why', async () => {
    kit.writeShared({ everything: everythingStdio() });
    await kit.openShared();
    // server-everything registers its task tool after the handshake (a tools/list_changed).
    await until(
      () =>
        kit.server('everything').tools.includes('everything__simulate-research-query') ||
        (kit.server('everything').skippedTools ?? []).some((t) => t.tool === 'simulate-research-query'),
      'the task tool to be listed',
    );
    expect(kit.server('everything').tools).toContain('everything__echo');
    expect(kit.server('everything').tools).not.toContain('everything__simulate-research-query');
    expect(kit.manager.sharedTools().map((t) => t.name)).not.toContain('everything__simulate-research-query');
    const skipped = kit.server('everything').skippedTools.find((t) => t.tool === 'simulate-research-query')!;
    expect(skipped.reason).toContain('taskSupport "required"');
    // Not an error of the server's: its status stays clean.
    expect(kit.server('everything').error).toBeNull();
  });

  it('names the tool and field the SDK refuses, and keeps the server and its other tools', async () => {
    kit.writeShared({
      s: scriptedStdio([
        listed('good'),
        listed('flagged', { inputSchema: { type: 'object', properties: { flag: true } } }),
        listed('untyped', { inputSchema: { properties: {} } }),
      ]),
    });
    await kit.openShared();
    const status = kit.server('s');
    expect(status.state).toBe('connected');
    expect(status.tools).toEqual(['s__good']);
    expect(status.error).toContain('tool "flagged": field "inputSchema.properties.flag"');
    expect(status.error).toContain('it is a boolean');
    expect(status.error).toContain('tool "untyped": field "inputSchema.type"');
    expect(status.skippedTools.map((t) => t.tool)).toEqual(['flagged', 'untyped']);
    expect(await kit.tool('s__good').execute({}, kit.ctx())).toBe('called good');
  });

  it('gives colliding names distinct, stable names and shows which tool each calls', async () => {
    const long = `fetch_${'very_'.repeat(14)}long`;
    kit.writeShared({
      'docs.v2': scriptedStdio([listed('get.page'), listed('get_page'), listed(long)]),
      docs_v2: scriptedStdio([listed('get.page')]),
    });
    await kit.openShared();
    const first = kit.server('docs.v2');
    const second = kit.server('docs_v2');
    // Three tools fold to docs_v2__get_page: the first listed by the server first in the file keeps
    // it, the others get a suffix (test/mcp/mcp-tool-names.test.ts: whoever connects first).
    const colliding = [first.tools[0]!, first.tools[1]!, second.tools[0]!];
    expect(new Set(colliding).size).toBe(3);
    expect(first.tools[0]).toBe('docs_v2__get_page');
    for (const name of colliding.slice(1)) expect(name).toMatch(/^docs_v2__get_page_[0-9a-f]{6}$/);
    expect(first.tools[2]).toMatch(/^docs_v2__fetch_very_.*_[0-9a-f]{6}$/);
    expect(first.tools[2]!.length).toBeLessThanOrEqual(64);
    expect(first.toolNames).toEqual([
      { name: first.tools[0], tool: 'get.page', hiddenFor: [] },
      { name: first.tools[1], tool: 'get_page', hiddenFor: [] },
      { name: first.tools[2], tool: long, hiddenFor: [] },
    ]);
    expect(await kit.tool(first.tools[1]!).execute({}, kit.ctx())).toBe('called get_page');
    expect(await kit.tool(first.tools[2]!).execute({}, kit.ctx())).toBe(`called ${long}`);
    expect(await kit.tool(second.tools[0]!).execute({}, kit.ctx())).toBe('called get.page');

    // A server that comes back keeps its names, and so do the others.
    const before = kit.manager.sharedTools().map((t) => t.name);
    process.kill(second.pid!, 'SIGKILL');
    await until(() => kit.server('docs_v2').state === 'retrying', 'the crash to be seen');
    await until(() => kit.server('docs_v2').state === 'connected', 'the reconnect');
    expect(kit.manager.sharedTools().map((t) => t.name)).toEqual(before);
  });
});

describe('calls', () => {
  it("passes the server's JSON-RPC error message to the model, not only the code", async () => {
    kit.writeShared({ s: scriptedStdio([listed('fail')]) });
    await kit.openShared();
    await expect(
      kit.tool('s__fail').execute({ code: -32602, message: 'path must be absolute' }, kit.ctx()),
    ).rejects.toThrow('MCP server s: the server answered error -32602: path must be absolute');
  });

  it('sends a progress token, and each progress notice restarts the call timeout', async () => {
    await kit.remake({ callTimeoutMs: 1_000 });
    kit.writeShared({ s: scriptedStdio([listed('progress')]), everything: everythingStdio() });
    await kit.openShared();
    // 12 notices 150 ms apart: the call outlives its 1 s limit only because each one restarts it.
    expect(await kit.tool('s__progress').execute({ steps: 12, ms: 150 }, kit.ctx())).toBe(
      'done after 12 progress notices',
    );
    const long = kit.tool('everything__trigger-long-running-operation');
    expect(await long.execute({ duration: 2, steps: 10 }, kit.ctx())).toContain('completed');
  });

  it('names the limit when a call times out', async () => {
    await kit.remake({ callTimeoutMs: 300 });
    kit.writeShared({ s: scriptedStdio([listed('sleep')]) });
    await kit.openShared();
    await expect(kit.tool('s__sleep').execute({ ms: 3_000 }, kit.ctx())).rejects.toThrow(
      'MCP server s: no answer within 300 ms, the time limit of one MCP tool call',
    );
  });
});

describe('results', () => {
  it('cuts a text block at 12,000 characters with a note of how much was left out', async () => {
    kit.writeShared({ s: scriptedStdio([listed('big')]) });
    await kit.openShared();
    const text = await kit.tool('s__big').execute({ chars: 30_000 }, kit.ctx());
    expect(text.length).toBeLessThanOrEqual(12_000);
    expect(text.startsWith('x'.repeat(11_000))).toBe(true);
    expect(text).toMatch(/this block has 30,000 characters; only the first 11,\d{3} are shown/);
    const ja = await kit.tool('s__big').execute({ chars: 30_000 }, kit.ctx({ language: 'ja' }));
    expect(ja).toContain('このブロックは 30,000 字あり');
  });

  it('caps the whole result by the context length', async () => {
    kit.writeShared({ s: scriptedStdio([listed('big')]) });
    await kit.openShared();
    const many = await kit.tool('s__big').execute({ chars: 10_000, blocks: 8 }, kit.ctx());
    expect(many.length).toBeLessThanOrEqual(48_000);
    expect(many).toMatch(/the result has 80,007 characters/);
    const small = await kit.tool('s__big').execute({ chars: 10_000 }, kit.ctx({ contextLength: 8_000 }));
    expect(small.length).toBeLessThanOrEqual(4_000);
    expect(small).toContain('this block has 10,000 characters');
  });

  it('reports a result over the transport limit as too large, and the server comes back by itself', async () => {
    kit.writeShared({ s: scriptedStdio([listed('big'), listed('good')]) });
    await kit.openShared();
    const pid = kit.server('s').pid;
    const huge = kit.tool('s__big').execute({ chars: 11 * 1024 * 1024 }, kit.ctx());
    await expect(huge).rejects.toThrow('MCP server s: the result is too large');
    await expect(huge).rejects.not.toThrow(/closed the connection/);
    await until(() => kit.server('s').state === 'connected' && kit.server('s').pid !== pid, 'the reconnect');
    expect(await kit.tool('s__good').execute({}, kit.ctx())).toBe('called good');
  });
});
