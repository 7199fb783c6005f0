import { describe, expect, it } from 'vitest';
import { assignMcpToolNames, MCP_TOOL_NAME_MAX, mcpToolName, suffixedServers } from './tool-name.ts';

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
  const HASHED = /_[0-9a-f]{6}$/;

  it('gives tools of one server that fold alike distinct names: the first listed keeps it', () => {
    const [names] = assignMcpToolNames(['docs'], [{ server: 'docs', tools: ['get.page', 'get_page', 'x'] }]);
    expect(names![0]).toBe('docs__get_page');
    expect(names![1]).toMatch(/^docs__get_page_[0-9a-f]{6}$/);
    expect(names![2]).toBe('docs__x');
  });

  it('suffixes every tool of a server whose name meets an earlier one in the file', () => {
    const configured = ['docs.v2', 'docs_v2', 'other'];
    const [first, second, other] = assignMcpToolNames(configured, [
      { server: 'docs.v2', tools: ['x'] },
      { server: 'docs_v2', tools: ['x', 'y'] },
      { server: 'other', tools: ['x'] },
    ]);
    expect(first).toEqual(['docs_v2__x']);
    expect(second![0]).toMatch(/^docs_v2__x_[0-9a-f]{6}$/);
    expect(second![1]).toMatch(/^docs_v2__y_[0-9a-f]{6}$/);
    expect(other).toEqual(['other__x']);
  });

  it('gives the same names whichever servers are connected: the file order decides', () => {
    const configured = ['a.b', 'a_b'];
    const late = { server: 'a.b', tools: ['t'] };
    const early = { server: 'a_b', tools: ['t'] };
    // Only the second server of the file is connected: it still leaves the plain name alone.
    const [alone] = assignMcpToolNames(configured, [early]);
    const [first, second] = assignMcpToolNames(configured, [late, early]);
    expect(alone).toEqual(second);
    expect(first).toEqual(['a_b__t']);
    expect(second![0]).toMatch(HASHED);
    // A disabled or invalid entry counts as configured too: enabling it renames nothing.
    expect(assignMcpToolNames(configured, [late])).toEqual([first]);
  });

  it('sees a clash through the separator: server a with tool b__c meets server a__b with tool c', () => {
    expect([...suffixedServers(['a', 'a__b', 'ab', 'a_'])]).toEqual(['a__b', 'a_']);
    const [a, ab] = assignMcpToolNames(
      ['a', 'a__b'],
      [
        { server: 'a', tools: ['b__c'] },
        { server: 'a__b', tools: ['c'] },
      ],
    );
    expect(a).toEqual(['a__b__c']);
    expect(ab![0]).toMatch(/^a__b__c_[0-9a-f]{6}$/);
  });

  it("salts a name that is still taken (a tool named like another one's suffixed name)", () => {
    const [usual] = assignMcpToolNames(['s'], [{ server: 's', tools: ['get.x', 'get_x'] }]);
    const literal = usual![1]!.slice('s__'.length);
    const [names] = assignMcpToolNames(['s'], [{ server: 's', tools: ['get.x', literal, 'get_x'] }]);
    expect(names![1]).toBe(usual![1]);
    expect(names![2]).toMatch(/^s__get_x_[0-9a-f]{6}$/);
    expect(new Set(names).size).toBe(3);
  });

  it('keeps the suffix stable and distinct for long colliding names', () => {
    const long = 'l'.repeat(70);
    const list = { server: 'srv', tools: [`${long}.a`, `${long}_a`] };
    const [names] = assignMcpToolNames(['srv'], [list]);
    expect(names!.every((name) => name.length <= 64 && name.startsWith('srv__'))).toBe(true);
    expect(new Set(names).size).toBe(2);
    expect(assignMcpToolNames(['srv'], [list])).toEqual([names]);
  });
});
