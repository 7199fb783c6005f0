import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { describeCallError, describeMcpError, describeMcpErrorIn } from './connect-error.ts';
import { mcpResultLimits } from './result-cap.ts';
import { toolResultText } from './tool-result-text.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });

describe('MCP call texts follow the village language', () => {
  it('a timed-out or failed call reads Japanese in a Japanese village, English in an English one', () => {
    const timeout = new McpError(-32001, 'Request timed out');
    expect(describeCallError(timeout, 2_000, 'ja')).toBe(
      '2 s 以内に応答がありませんでした（MCP ツール呼び出し 1 回の制限時間。サーバーからの進捗通知があるたびに計り直します）',
    );
    expect(describeCallError(timeout, 2_000, 'en')).toMatch(/^no answer within 2 s/);
    const bad = new McpError(-32602, 'no such index');
    expect(describeCallError(bad, 1_000, 'ja')).toBe('サーバーがエラー -32602 を返しました: no such index');
    expect(describeCallError(bad, 1_000, 'en')).toBe('the server answered error -32602: no such index');
    expect(describeMcpErrorIn(refused, 'ja')).toMatch(JAPANESE);
    expect(describeMcpErrorIn(refused, 'en')).not.toMatch(JAPANESE);
  });

  it('the status and log text stays English whatever the village language', () => {
    expect(describeMcpError(refused)).toBe('could not connect: connection refused (is the server running?)');
  });

  it('blocks that are not text are named in the village language, with a real singular', () => {
    const result = {
      content: [
        { type: 'image' as const, mimeType: 'image/png', data: 'AA==' },
        { type: 'resource_link' as const, uri: 'file:///a', name: 'a' },
      ],
    };
    expect(toolResultText(result, mcpResultLimits(), 'ja')).toBe(
      '[image image/png、1 バイト: 表示しません。ツール結果はテキストだけです]\n[リソースへのリンク: file:///a（a）]',
    );
    expect(toolResultText(result, mcpResultLimits(), 'en')).toBe(
      '[image image/png, 1 byte: not shown, tool results are text only]\n[resource link: file:///a (a)]',
    );
  });
});
