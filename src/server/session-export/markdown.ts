/**
 * A conversation as readable Markdown (issue 22's "readable rendering"): who said what to whom and
 * when, and the tool calls in their place, in the village language and with the chat's names (System
 * lines are "Fuseforks"'s, ledger Spec 30 D4). Exchanges, summaries and turn records are the
 * machine's (the JSONL download carries them all). Message text is Markdown already; its raw HTML is
 * neutralised (markdown-escape.ts) so the file is safe in any viewer.
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentMessage, BudgetStopFigures, Endpoint } from '../../domain/message.ts';
import type { SessionMeta, ToolCallRecord } from '../../domain/session.ts';
import { neutraliseHtml } from './markdown-escape.ts';
import { LABELS, wholeNumber, type Labels } from './markdown-labels.ts';
import { markdownToolRow } from './markdown-tool.ts';

export interface MarkdownContext {
  language: Language;
  /** An agent's display name; its id when it no longer exists. */
  agentName: (id: string) => string;
  /** world.json `externalName` (D8): when set, outside clients are shown by it, not their own name. */
  externalName?: string | null;
  /** The local time zone's `YYYY-MM-DD HH:MM` (tests pass their own). */
  formatTime?: (ms: number) => string;
}

/** `YYYY-MM-DD HH:MM` in the server's (the user's own machine's) time zone. */
export function localTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A name on a heading line: one line, and no Markdown that would restyle the heading. */
function plain(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>#]/g, (c) => `\\${c}`);
}

function endpointName(end: Endpoint, labels: Labels, context: MarkdownContext): string {
  switch (end.kind) {
    case 'user':
      return labels.you;
    case 'system':
      return labels.system;
    case 'agent':
      return context.agentName(end.id);
    case 'external':
      return labels.external(context.externalName ?? end.client);
  }
}

export function markdownHeader(
  title: string,
  meta: SessionMeta,
  exportedAtMs: number,
  context: MarkdownContext,
): string {
  const labels = LABELS[context.language];
  const time = context.formatTime ?? localTime;
  const heading = title.trim() === '' ? labels.untitled : title;
  return `# ${plain(heading)}\n\n${labels.created}: ${time(meta.createdAt)} · ${labels.exported}: ${time(exportedAtMs)}\n\n`;
}

/**
 * The System lines of a budget stop written before the figures travelled with the message, known by
 * the ledger's text (budget-messages.ts), which carries the ceiling.
 */
const LEDGER_BUDGET_LINES = [
  /^次の呼び出しぶんの予算（上限は実効 (\d+) トークン）を確保できなかったため打ち切りました。/,
  /^Stopped because the budget for the next call \(ceiling: (\d+) effective tokens\) could not be reserved\./,
];

/**
 * A budget stop as the chat's stop row shows it: its title, the figures and what to do. The stored
 * line (the ledger's text, "please ask again") stays quoted beside them, unaltered.
 */
function budgetStopLines(message: AgentMessage, language: Language): string | null {
  if (message.from.kind !== 'system') return null;
  const labels = LABELS[language];
  const figures: BudgetStopFigures | undefined = message.budgetStop;
  let said: string;
  if (figures !== undefined) {
    const ceiling = wholeNumber(figures.ceilingTokens, language);
    said =
      figures.remainingTokens === 0
        ? labels.budgetExhausted(ceiling)
        : labels.budgetFigures(
            ceiling,
            wholeNumber(Math.max(0, figures.ceilingTokens - figures.remainingTokens), language),
            wholeNumber(figures.remainingTokens, language),
            wholeNumber(figures.estimateTokens, language),
          );
  } else {
    const ceiling = LEDGER_BUDGET_LINES.map((line) => line.exec(message.content)?.[1]).find(
      (found) => found !== undefined,
    );
    if (ceiling === undefined) return null;
    said = labels.budgetCeilingOnly(wholeNumber(Number(ceiling), language));
  }
  return `**■ ${labels.budgetTitle}**\n\n${said}\n\n${labels.budgetWhatToDo}`;
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** One message as a `## From → To · time` section; its text as written, raw HTML neutralised. */
export function markdownMessage(message: AgentMessage, context: MarkdownContext): string {
  const labels = LABELS[context.language];
  const time = context.formatTime ?? localTime;
  const from = endpointName(message.from, labels, context);
  const recipients = [
    endpointName(message.to, labels, context),
    ...(message.coRecipients ?? []).map((id) => context.agentName(id)),
  ];
  const files = (message.attachments ?? []).map((file) => `\n\n📎 ${labels.file}: ${plain(file.fileName)}`);
  const text = neutraliseHtml(message.content);
  // A system line is a note, not speech: quoted, so it stands apart from what people and agents said.
  const stop = budgetStopLines(message, context.language);
  const body =
    message.from.kind !== 'system' ? text : stop === null ? quoted(text) : `${stop}\n\n${quoted(text)}`;
  return `## ${plain(from)} → ${plain(recipients.join(', '))} · ${time(message.tsMs)}\n\n${body}${files.join('')}\n\n`;
}

/** One tool call, in its place between the messages. */
export function markdownTool(call: ToolCallRecord, context: MarkdownContext): string {
  return markdownToolRow(call, {
    language: context.language,
    agentName: context.agentName,
    plain,
    time: context.formatTime ?? localTime,
  });
}

/** The closing rule and the counts: messages and tool calls (both are sections of the file). */
export function markdownFooter(counts: { messages: number; tools: number }, language: Language): string {
  return `---\n\n${LABELS[language].counts(counts.messages, counts.tools)}\n`;
}
