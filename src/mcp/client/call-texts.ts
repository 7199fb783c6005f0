/**
 * The words of an MCP tool call a model reads (issue 22: tool results in the village language):
 * the failure frames, the error classes of a failed call or connection, and the placeholders for
 * content blocks that are not text. The ledger gives no Japanese wording for these; the English is
 * what the status and the log say (describeMcpError), so a person comparing them reads the same.
 */
import type { Language } from '../../domain/enums.ts';

const n = (value: number) => value.toLocaleString('en-US');

export interface McpCallTexts {
  failed: (server: string, text: string) => string;
  interrupted: string;
  tooLarge: string;
  gone: (why: string) => string;
  callTimeout: (limit: string) => string;
  serverError: (code: number, text: string) => string;
  notConnected: (why: string) => string;
  notConnectedRetry: (why: string, wait: string) => string;
  stillConnecting: string;
  connectionLost: string;
  authRefused: (status: number) => string;
  notMcp: string;
  httpStatus: (status: number) => string;
  closed: string;
  noAnswerInTime: string;
  mcpErrorCode: (code: number) => string;
  refused: string;
  couldNotConnect: (code: string) => string;
  connectionFailed: string;
  mediaBlock: (kind: string, mime: string, bytes: number) => string;
  resourceLink: (uri: string, name: string | undefined) => string;
  binaryResource: (uri: string, mime: string | undefined) => string;
  otherBlock: (kind: string) => string;
}

export const MCP_CALL_TEXTS: Record<Language, McpCallTexts> = {
  ja: {
    failed: (server, text) => `MCP サーバー ${server}: ${text}`,
    interrupted: '中断されました',
    tooLarge:
      '結果が大きすぎます。転送の上限を超えたため接続がリセットされました（サーバーには自動で再接続します）。ツールにより小さな部分を求めてください。',
    gone: (why) => `${why}。サーバーには自動で再接続します。少し待ってから呼び直してください`,
    callTimeout: (limit) =>
      `${limit} 以内に応答がありませんでした（MCP ツール呼び出し 1 回の制限時間。サーバーからの進捗通知があるたびに計り直します）`,
    serverError: (code, text) =>
      text === ''
        ? `サーバーがエラー ${code} を返しました`
        : `サーバーがエラー ${code} を返しました: ${text}`,
    notConnected: (why) => `接続していません（${why}）`,
    notConnectedRetry: (why, wait) => `接続していません（${why}）。次の接続の試みは ${wait} 後です`,
    stillConnecting: 'まだ接続中です',
    connectionLost: '接続が切れました',
    authRefused: (status) =>
      `認証が拒否されました（HTTP ${status}）。設定（url と headers）を確認してください。再試行はしません`,
    notMcp: 'サーバーの応答が MCP ではありません',
    httpStatus: (status) => `サーバーが HTTP ${status} を返しました`,
    closed: 'サーバーが接続を閉じました',
    noAnswerInTime: 'サーバーが時間内に応答しませんでした',
    mcpErrorCode: (code) => `サーバーが MCP エラー（コード ${code}）を返しました`,
    refused: '接続できません: 接続が拒否されました（サーバーは動いていますか）',
    couldNotConnect: (code) => `接続できません（${code}）`,
    connectionFailed: '接続に失敗しました',
    mediaBlock: (kind, mime, bytes) =>
      `[${kind} ${mime}、${n(bytes)} バイト: 表示しません。ツール結果はテキストだけです]`,
    resourceLink: (uri, name) => `[リソースへのリンク: ${uri}${name ? `（${name}）` : ''}]`,
    binaryResource: (uri, mime) => `[リソース ${uri}${mime ? ` ${mime}` : ''}: バイナリのため表示しません]`,
    otherBlock: (kind) => `[${kind}: 表示しません]`,
  },
  en: {
    failed: (server, text) => `MCP server ${server}: ${text}`,
    interrupted: 'interrupted',
    tooLarge:
      "the result is too large: it was over the transport's limit, which reset the connection " +
      '(the server reconnects by itself). Ask the tool for a smaller part.',
    gone: (why) => `${why}; the server reconnects by itself, call again in a moment`,
    callTimeout: (limit) =>
      `no answer within ${limit}, the time limit of one MCP tool call (each progress notice from the server restarts it)`,
    serverError: (code, text) =>
      text === '' ? `the server answered error ${code}` : `the server answered error ${code}: ${text}`,
    notConnected: (why) => `not connected (${why})`,
    notConnectedRetry: (why, wait) => `not connected (${why}); the next attempt is in ${wait}`,
    stillConnecting: 'still connecting',
    connectionLost: 'connection lost',
    authRefused: (status) =>
      `authentication refused (HTTP ${status}): check the configuration (url and headers); not retried`,
    notMcp: 'the server sent a response that is not MCP',
    httpStatus: (status) => `the server answered HTTP ${status}`,
    closed: 'the server closed the connection',
    noAnswerInTime: 'the server did not answer in time',
    mcpErrorCode: (code) => `the server answered an MCP error (code ${code})`,
    refused: 'could not connect: connection refused (is the server running?)',
    couldNotConnect: (code) => `could not connect (${code})`,
    connectionFailed: 'the connection failed',
    mediaBlock: (kind, mime, bytes) =>
      `[${kind} ${mime}, ${bytes} ${bytes === 1 ? 'byte' : 'bytes'}: not shown, tool results are text only]`,
    resourceLink: (uri, name) => `[resource link: ${uri}${name ? ` (${name})` : ''}]`,
    binaryResource: (uri, mime) => `[resource ${uri}${mime ? ` ${mime}` : ''}: binary, not shown]`,
    otherBlock: (kind) => `[${kind}: not shown]`,
  },
};
