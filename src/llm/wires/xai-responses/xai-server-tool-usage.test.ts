import { describe, expect, it } from 'vitest';
import { readXaiToolUsage } from './xai-server-tool-usage.ts';
import { xaiFixture, type XaiFixtureName } from './xai-test-helpers.ts';

describe('readXaiToolUsage', () => {
  it('server_side_tool_usage_details (the observed name)', () => {
    const usage = {
      server_side_tool_usage_details: { web_search_calls: 2, x_search_calls: 1, mcp_calls: 4 },
    };
    expect(readXaiToolUsage(usage)).toEqual({ searchCalls: { web: 2, x: 1 }, toolsUsed: null, ticks: null });
  });

  it('server_side_tool_usage (the documented name), whatever the key spelling', () => {
    expect(
      readXaiToolUsage({
        server_side_tool_usage: { SERVER_SIDE_TOOL_WEB_SEARCH: 3, SERVER_SIDE_TOOL_X_SEARCH: 2 },
      }),
    ).toEqual({ searchCalls: { web: 3, x: 2 }, toolsUsed: null, ticks: null });
    expect(readXaiToolUsage({ server_side_tool_usage: { web_search_calls: 1 } }).searchCalls).toEqual({
      web: 1,
      x: 0,
    });
  });

  it('does not take index_search or document_search for x_search', () => {
    const usage = { server_side_tool_usage_details: { index_search_calls: 7, document_search_calls: 5 } };
    expect(readXaiToolUsage(usage).searchCalls).toEqual({ web: 0, x: 0 });
  });

  it('cost_in_usd_ticks raw (never converted) and num_server_side_tools_used', () => {
    expect(readXaiToolUsage({ cost_in_usd_ticks: 1176500, num_server_side_tools_used: 6 })).toEqual({
      searchCalls: null,
      toolsUsed: 6,
      ticks: 1176500,
    });
  });

  it('tolerant: junk values read as absent, never a crash', () => {
    expect(
      readXaiToolUsage({
        server_side_tool_usage_details: { web_search_calls: 'two', x_search_calls: -1 },
        num_server_side_tools_used: '6',
        cost_in_usd_ticks: Number.NaN,
      }),
    ).toEqual({ searchCalls: { web: 0, x: 0 }, toolsUsed: null, ticks: null });
    expect(readXaiToolUsage(null)).toEqual({ searchCalls: null, toolsUsed: null, ticks: null });
  });

  it.each([
    ['xai-web-search-tool.1.json', null, 1],
    ['xai-x-search-tool.1.json', null, 1],
    ['xai-code-execution-tool.1.json', null, 1],
    ['xai-x-search-tool.completed.json', { web: 0, x: 1 }, 6],
    ['xai-text-streaming.completed.json', null, 0],
  ] as const)('recorded %s', (name: XaiFixtureName, searchCalls, toolsUsed) => {
    const usage = xaiFixture(name).usage as Record<string, unknown>;
    expect(readXaiToolUsage(usage)).toEqual({ searchCalls, toolsUsed, ticks: null });
  });
});
