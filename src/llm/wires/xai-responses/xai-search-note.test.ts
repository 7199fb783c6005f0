import { describe, expect, it } from 'vitest';
import { wireNoteLine } from '../../canonical.ts';
import { readXaiSearchCalls } from './xai-search-calls.ts';
import { xaiSearchNote } from './xai-search-note.ts';
import { readXaiToolUsage } from './xai-server-tool-usage.ts';

const NO_USAGE = { searchCalls: null, toolsUsed: null, ticks: null };

describe('xaiSearchNote: the `xai search:` line', () => {
  it('its exact text, written by the caller with the agent', () => {
    const reading = readXaiSearchCalls([
      { type: 'custom_tool_call', input: '{"query":"from:xai"}' },
      { type: 'custom_tool_call', input: '{"video_url":"v"}' },
      { type: 'web_search_call', action: { query: '' } },
    ]);
    const usage = readXaiToolUsage({
      server_side_tool_usage_details: { web_search_calls: 0, x_search_calls: 1 },
      num_server_side_tools_used: 3,
      cost_in_usd_ticks: 1399000,
    });
    const note = xaiSearchNote(reading, usage, 20);
    expect(note).toEqual({
      prefix: 'xai search',
      fields:
        'calls=web:0,x:1 items=web_search_call:1,custom_tool_call:2 queries=1 sources=20 tools_used=3 ticks=1399000',
    });
    expect(wireNoteLine('alice', note!)).toBe(
      'xai search: agent=alice calls=web:0,x:1 items=web_search_call:1,custom_tool_call:2 queries=1 sources=20 tools_used=3 ticks=1399000',
    );
  });

  it('absent usage fields read `none`, never dropped', () => {
    const reading = readXaiSearchCalls([{ type: 'x_search_call', arguments: '{"query":"q"}' }]);
    expect(xaiSearchNote(reading, NO_USAGE, 0)?.fields).toBe(
      'calls=none items=x_search_call:1 queries=1 sources=0 tools_used=none ticks=none',
    );
  });

  it('usage counting a search without any search item still writes the line (items=none)', () => {
    const usage = readXaiToolUsage({ server_side_tool_usage: { web_search_calls: 2 } });
    expect(xaiSearchNote(readXaiSearchCalls([]), usage, 0)?.fields).toBe(
      'calls=web:2,x:0 items=none queries=0 sources=0 tools_used=none ticks=none',
    );
  });

  it('no line on a call that did not search, even when another server tool ran', () => {
    const codeOnly = readXaiToolUsage({
      num_server_side_tools_used: 1,
      server_side_tool_usage_details: { web_search_calls: 0, x_search_calls: 0, code_interpreter_calls: 1 },
    });
    expect(xaiSearchNote(readXaiSearchCalls([{ type: 'code_interpreter_call' }]), codeOnly, 0)).toBeNull();
    expect(xaiSearchNote(readXaiSearchCalls([]), NO_USAGE, 3)).toBeNull();
  });
});
