import type { Language } from '../../domain/enums.ts';

/** Result texts of plan's static refusals (nothing was delivered); the rest are ask's texts. */
export const PLAN_TEXT: Record<
  Language,
  {
    noTasks: string;
    badTask: (index: number) => string;
    notConnected: (to: string, allowed: string) => string;
    duplicate: (to: string) => string;
    emptyMessage: (to: string) => string;
  }
> = {
  ja: {
    noTasks:
      'plan の tasks が空です。依頼を 1 つ以上、{to, message} の形で並べてください。何も送っていません。',
    badTask: (index) =>
      `plan の tasks[${index}] は {to: 宛先の ID, message: 依頼の本文} の形で書いてください。何も送っていません。`,
    notConnected: (to, allowed) =>
      `plan の宛先 ${to} は接続先ではありません（送れるのは ${allowed}）。何も送っていません。`,
    duplicate: (to) =>
      `plan の宛先 ${to} が 2 回以上あります。1 つの宛先への依頼は 1 つにまとめてください。何も送っていません。`,
    emptyMessage: (to) =>
      `plan の ${to} への message が空です。依頼の本文を書いてください。何も送っていません。`,
  },
  en: {
    noTasks: 'plan got no tasks. List one or more requests as {to, message}. Nothing was sent.',
    badTask: (index) =>
      `plan tasks[${index}] must be {to: the servant's ID, message: the request}. Nothing was sent.`,
    notConnected: (to, allowed) =>
      `plan: ${to} is not a connection (you can send to ${allowed}). Nothing was sent.`,
    duplicate: (to) =>
      `plan: ${to} appears more than once. Put everything for one servant in one request. Nothing was sent.`,
    emptyMessage: (to) => `plan: the message to ${to} is empty. Write the request. Nothing was sent.`,
  },
};

/** One section of the bundle: `## agent_id（表示名）` then the answer (or why there is none). */
export function bundleSection(label: string, text: string): string {
  return `## ${label}\n${text}`;
}
