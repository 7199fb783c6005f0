/**
 * A conversation as readable Markdown (issue 22's "readable rendering"): who said what to whom and
 * when, in the village language. Messages only: exchanges, summaries and turn records are the
 * machine's (the JSONL download carries them all).
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentMessage, Endpoint } from '../../domain/message.ts';
import type { SessionMeta } from '../../domain/session.ts';

interface Labels {
  untitled: string;
  you: string;
  system: string;
  external: (client: string) => string;
  created: string;
  exported: string;
  messages: (n: number) => string;
  file: string;
}

const LABELS: Record<Language, Labels> = {
  ja: {
    untitled: '（まだ依頼のない会話）',
    you: 'あなた',
    system: 'システム',
    external: (client) => `外部 (${client})`,
    created: '開始',
    exported: '書き出し',
    messages: (n) => `メッセージ ${n} 件`,
    file: '添付',
  },
  en: {
    untitled: '(no request yet)',
    you: 'You',
    system: 'System',
    external: (client) => `External (${client})`,
    created: 'Started',
    exported: 'Exported',
    messages: (n) => `${n} message${n === 1 ? '' : 's'}`,
    file: 'Attachment',
  },
};

export interface MarkdownContext {
  language: Language;
  /** An agent's display name; its id when it no longer exists. */
  agentName: (id: string) => string;
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
      return labels.external(end.client);
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

/** One message as a `## From → To · time` section; its text as written (it is Markdown already). */
export function markdownMessage(message: AgentMessage, context: MarkdownContext): string {
  const labels = LABELS[context.language];
  const time = context.formatTime ?? localTime;
  const from = endpointName(message.from, labels, context);
  const recipients = [
    endpointName(message.to, labels, context),
    ...(message.coRecipients ?? []).map((id) => context.agentName(id)),
  ];
  const files = (message.attachments ?? []).map((file) => `\n\n📎 ${labels.file}: ${plain(file.fileName)}`);
  // A system line is a note, not speech: quoted, so it stands apart from what people and agents said.
  const body =
    message.from.kind === 'system'
      ? message.content
          .split(/\r\n|\r|\n/)
          .map((line) => `> ${line}`)
          .join('\n')
      : message.content;
  return `## ${plain(from)} → ${plain(recipients.join(', '))} · ${time(message.tsMs)}\n\n${body}${files.join('')}\n\n`;
}

export function markdownFooter(count: number, language: Language): string {
  return `---\n\n${LABELS[language].messages(count)}\n`;
}
