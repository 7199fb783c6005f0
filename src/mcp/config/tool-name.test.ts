import { describe, expect, it } from 'vitest';
import { MCP_TOOL_NAME_MAX, mcpToolName } from './tool-name.ts';

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

  it('keeps the last 64 characters of a longer name (the tool part tells tools apart)', () => {
    const server = 'a-very-long-server-name-that-people-actually-write';
    const one = mcpToolName(server, 'list_directory_with_sizes');
    const two = mcpToolName(server, 'list_directory_recursively');
    expect(one).toHaveLength(64);
    expect(one.endsWith('__list_directory_with_sizes')).toBe(true);
    expect(two.endsWith('__list_directory_recursively')).toBe(true);
    expect(one).not.toBe(two);
    expect(mcpToolName('s', `${'x'.repeat(70)}END`)).toBe(`${'x'.repeat(61)}END`);
  });

  it('folds before cutting, so a non-BMP character counts as one', () => {
    // 63 folded characters from the tool alone + "s__": 66 → the last 64.
    const name = mcpToolName('s', `${'😀'.repeat(62)}z`);
    expect(name).toBe(`_${'_'.repeat(62)}z`);
    expect(name).toHaveLength(64);
  });
});
