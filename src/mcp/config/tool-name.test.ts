import { describe, expect, it } from 'vitest';
import { assignMcpToolNames, MCP_TOOL_NAME_MAX, mcpToolName, toolRefKey } from './tool-name.ts';

describe('mcpToolName', () => {
  it('joins server and tool with two underscores', () => {
    expect(mcpToolName('filesystem', 'read_file')).toBe('filesystem__read_file');
    expect(mcpToolName('my-server', 'get-Thing2')).toBe('my-server__get-Thing2');
  });

  it('folds every symbol to one underscore each', () => {
    expect(mcpToolName('a.b c', 'x/y:z@1')).toBe('a_b_c__x_y_z_1');
    expect(mcpToolName('!!!', '?')).toBe('______');
  });

  it('folds Japanese per character and a non-BMP character to one underscore', () => {
    expect(mcpToolName('ファイル', '読む')).toBe('_'.repeat(8));
    expect(mcpToolName('s', 'a😀b')).toBe('s__a_b');
    expect(mcpToolName('s', '𠮷')).toBe('s___');
    expect(mcpToolName('s', 'e\u0301')).toBe('s__e_'); // a combining mark is its own code point
  });

  it('keeps a name of exactly 64 characters whole', () => {
    const tool = 't'.repeat(64 - 'srv__'.length);
    const name = mcpToolName('srv', tool);
    expect(name).toHaveLength(MCP_TOOL_NAME_MAX);
    expect(name).toBe(`srv__${tool}`);
  });

  it('keeps the server prefix of a longer name, cuts the tool part and adds a stable hash', () => {
    const server = 'a-long-server-name-that-people-write';
    const one = mcpToolName(server, 'list_directory_with_sizes_and_more_words');
    const two = mcpToolName(server, 'list_directory_with_sizes_and_more_other');
    expect(one).toHaveLength(64);
    expect(one).toMatch(/^a-long-server-name-that-people-write__list_d[a-z_]*_[0-9a-f]{6}$/);
    expect(one.startsWith(`${server}__`)).toBe(true);
    expect(one).not.toBe(two);
    expect(mcpToolName(server, 'list_directory_with_sizes_and_more_words')).toBe(one);
    expect(mcpToolName('s', `${'x'.repeat(70)}END`)).toMatch(/^s__x{54}_[0-9a-f]{6}$/);
  });

  it('cuts a server name over 40 characters so the tool part keeps room', () => {
    expect(mcpToolName('s'.repeat(80), 'read_file')).toMatch(/^s{40}__read_file_[0-9a-f]{6}$/);
  });

  it('folds before cutting, so a non-BMP character counts as one', () => {
    const name = mcpToolName('s', `${'😀'.repeat(62)}z`);
    expect(name).toMatch(/^s___{54}_[0-9a-f]{6}$/);
    expect(name).toHaveLength(64);
  });
});

describe('assignMcpToolNames', () => {
  it('gives tools that fold to one name distinct names: the first keeps it', () => {
    const names = assignMcpToolNames([
      { server: 'docs', tool: 'get.page' },
      { server: 'docs', tool: 'get_page' },
      { server: 'docs.v2', tool: 'x' },
      { server: 'docs_v2', tool: 'x' },
    ]);
    expect(names[0]).toBe('docs__get_page');
    expect(names[1]).toMatch(/^docs__get_page_[0-9a-f]{6}$/);
    expect(names[2]).toBe('docs_v2__x');
    expect(names[3]).toMatch(/^docs_v2__x_[0-9a-f]{6}$/);
    expect(new Set(names).size).toBe(4);
  });

  it('keeps the suffix stable and distinct for long colliding names', () => {
    const long = 'l'.repeat(70);
    const refs = [
      { server: 'srv', tool: `${long}.a` },
      { server: 'srv', tool: `${long}_a` },
    ];
    const names = assignMcpToolNames(refs);
    expect(names.every((name) => name.length <= 64 && name.startsWith('srv__'))).toBe(true);
    expect(new Set(names).size).toBe(2);
    expect(assignMcpToolNames(refs)).toEqual(names);
  });

  it('lets a tool keep a name it was given before, whoever comes first now', () => {
    const late = { server: 'a.b', tool: 't' };
    const early = { server: 'a_b', tool: 't' };
    const first = assignMcpToolNames([early]);
    const given = new Map([[toolRefKey(early), first[0]!]]);
    // The server listed first in the file connected later: the name in use stays where it is.
    const both = assignMcpToolNames([late, early], given);
    expect(both[1]).toBe('a_b__t');
    expect(both[0]).toMatch(/^a_b__t_[0-9a-f]{6}$/);
  });
});
