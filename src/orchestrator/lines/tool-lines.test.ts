import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import { leakedToolCallLine, roomLogReadLine, toolBlockedLine, toolLine } from './tool-lines.ts';

const agent = 'agent_4' as AgentId;

describe('toolLine', () => {
  it('formats an executed call with counts only', () => {
    expect(
      toolLine({ agent, tool: 'grep', ok: true, argsChars: 42, bodyChars: 11_873, reasonChars: 18 }),
    ).toBe('tool: agent=agent_4 tool=grep ok=true args_chars=42 body_chars=11873 reason_chars=18');
  });

  it('writes reason_chars=- when the call has no reason, and ok=false for an Err', () => {
    expect(toolLine({ agent, tool: 'MCP_DOCKER__fetch', ok: false, argsChars: 60, bodyChars: 120 })).toBe(
      'tool: agent=agent_4 tool=MCP_DOCKER__fetch ok=false args_chars=60 body_chars=120 reason_chars=-',
    );
  });

  it('keeps a made-up tool name on one field', () => {
    expect(
      toolLine({ agent, tool: 'do it\nnow', ok: true, argsChars: 0, bodyChars: 0, reasonChars: 0 }),
    ).toBe('tool: agent=agent_4 tool=do_it_now ok=true args_chars=0 body_chars=0 reason_chars=0');
  });
});

describe('toolBlockedLine', () => {
  it('formats a repeat_guard block', () => {
    expect(toolBlockedLine({ agent, tool: 'file', reason: 'repeat' })).toBe(
      'tool blocked: agent=agent_4 tool=file reason=repeat',
    );
  });
});

describe('roomLogReadLine', () => {
  it.each([
    ['3f2a1b4c', 'ok', 812, 'room_log read: agent=agent_4 id=3f2a1b4c outcome=ok chars=812'],
    [
      '3f2a1b4c-9d0e-4f11-8a22-0123456789ab',
      'truncated',
      20_000,
      'room_log read: agent=agent_4 id=3f2a1b4c-9d0e-4f11-8a22-0123456789ab outcome=truncated chars=20000',
    ],
    ['deadbeef', 'not_found', 0, 'room_log read: agent=agent_4 id=deadbeef outcome=not_found chars=0'],
    ['deadbeef', 'not_visible', 0, 'room_log read: agent=agent_4 id=deadbeef outcome=not_visible chars=0'],
    ['3f2a', 'ambiguous', 0, 'room_log read: agent=agent_4 id=3f2a outcome=ambiguous chars=0'],
  ] as const)('%s %s', (id, outcome, chars, line) => {
    expect(roomLogReadLine({ agent, id, outcome, chars })).toBe(line);
  });

  it('never writes an argument that is not an id prefix', () => {
    expect(roomLogReadLine({ agent, id: 'my password is hunter2', outcome: 'not_found', chars: 0 })).toBe(
      'room_log read: agent=agent_4 id=? outcome=not_found chars=0',
    );
    expect(roomLogReadLine({ agent, id: '', outcome: 'not_found', chars: 0 })).toBe(
      'room_log read: agent=agent_4 id=- outcome=not_found chars=0',
    );
  });
});

describe('leakedToolCallLine', () => {
  it('writes the length and a head cut before the argument value', () => {
    const text =
      'MCP_DOCKER__fetch">\n<parameter name="url">https://example.com/?token=abc</parameter>\n</invoke>';
    expect(leakedToolCallLine({ agent, round: 3, text })).toBe(
      'text tool call leaked: agent=agent_4 round=3 chars=94 head=MCP_DOCKER__fetch"> <parameter name="url',
    );
  });

  it('never writes an argument value', () => {
    const line = leakedToolCallLine({
      agent,
      round: 1,
      text: 'grep">\n<parameter name="q">hunter2</parameter>',
    });
    expect(line).toBe(
      'text tool call leaked: agent=agent_4 round=1 chars=46 head=grep"> <parameter name="q">',
    );
    expect(line).not.toContain('hunter2');
  });
});
