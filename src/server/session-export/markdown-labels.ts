/** The words of the Markdown export in the village language (issue 22). */
import type { Language } from '../../domain/enums.ts';

export interface Labels {
  untitled: string;
  you: string;
  /** The sender of System lines: the app's name, as the chat shows it (ledger Spec 30 D4). */
  system: string;
  external: (client: string) => string;
  created: string;
  exported: string;
  /** The file's last line: how many messages and tool calls it holds. */
  counts: (messages: number, tools: number) => string;
  file: string;
  tool: string;
  reason: string;
  reasonOmitted: string;
  reasonUnsupported: string;
  toolError: string;
  args: string;
  result: string;
  /** A preview cut for the file: the characters shown of the whole. */
  shownOf: (shown: number, total: number) => string;
  budgetTitle: string;
  budgetFigures: (ceiling: string, used: string, remaining: string, estimate: string) => string;
  budgetExhausted: (ceiling: string) => string;
  budgetCeilingOnly: (ceiling: string) => string;
  budgetWhatToDo: string;
}

const n = (value: number, language: Language): string =>
  value.toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US');

// Senders, tool rows and the budget stop in the chat's words (web/src/locales/*/chat.json and
// chatMessage.json), so the file reads like the conversation the person saw.
export const LABELS: Record<Language, Labels> = {
  ja: {
    untitled: '（まだ依頼のない会話）',
    you: 'あなた',
    system: 'Fuseforks',
    external: (client) => `${client}（外部クライアント）`,
    created: '開始',
    exported: '書き出し',
    counts: (messages, tools) => `メッセージ ${n(messages, 'ja')} 件、ツール呼び出し ${n(tools, 'ja')} 件`,
    file: '添付',
    tool: 'ツール',
    reason: '理由',
    reasonOmitted: '理由なし',
    reasonUnsupported: '外部ツール',
    toolError: 'エラーで返った',
    args: '引数',
    result: '結果',
    shownOf: (shown, total) => `（全 ${n(total, 'ja')} 字のうち先頭 ${n(shown, 'ja')} 字）`,
    budgetTitle: 'トークン予算の上限で停止しました',
    budgetFigures: (ceiling, used, remaining, estimate) =>
      `上限は依頼ごとに実効 ${ceiling} トークンです。使用・確保済みが ${used}、残りが ${remaining} で、次の呼び出しに必要な約 ${estimate} を確保できませんでした。`,
    budgetExhausted: (ceiling) => `上限は依頼ごとに実効 ${ceiling} トークンで、すべて使用・確保済みでした。`,
    budgetCeilingOnly: (ceiling) => `上限は依頼ごとに実効 ${ceiling} トークンです。`,
    budgetWhatToDo:
      'システム設定でトークン予算を引き上げてから、改めて依頼してください。同じ上限のままでは同じところで止まります。',
  },
  en: {
    untitled: '(no request yet)',
    you: 'You',
    system: 'Fuseforks',
    external: (client) => `${client} (external client)`,
    created: 'Started',
    exported: 'Exported',
    counts: (messages, tools) =>
      `${n(messages, 'en')} ${messages === 1 ? 'message' : 'messages'}, ${n(tools, 'en')} ${tools === 1 ? 'tool call' : 'tool calls'}`,
    file: 'Attachment',
    tool: 'Tool',
    reason: 'Reason',
    reasonOmitted: 'no reason given',
    reasonUnsupported: 'external tool',
    toolError: 'returned with an error',
    args: 'Arguments',
    result: 'Result',
    shownOf: (shown, total) => `(first ${n(shown, 'en')} of ${n(total, 'en')} characters)`,
    budgetTitle: 'Stopped at the token budget',
    budgetFigures: (ceiling, used, remaining, estimate) =>
      `The limit is ${ceiling} effective tokens per request: ${used} were already spent or reserved and ${remaining} left, but the next call needed about ${estimate}.`,
    budgetExhausted: (ceiling) =>
      `The limit is ${ceiling} effective tokens per request, and all of it was already spent or reserved.`,
    budgetCeilingOnly: (ceiling) => `The limit is ${ceiling} effective tokens per request.`,
    budgetWhatToDo:
      'Raise the token budget in System settings, then ask again: with the same limit the request stops at the same point.',
  },
};

export function wholeNumber(value: number, language: Language): string {
  return n(value, language);
}
