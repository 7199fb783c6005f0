/**
 * A tool call as the Markdown export shows it, in its place among the messages (issue 22): the readable
 * name, who called it, the reason, the error mark, and the arguments and result cut to a preview.
 */
import type { Language } from '../../domain/enums.ts';
import type { ToolCallRecord } from '../../domain/session.ts';
import { charCount, headChars } from '../../domain/chars.ts';
import { fencedBlock, neutraliseHtml } from './markdown-escape.ts';
import { LABELS } from './markdown-labels.ts';
import { readableToolName } from '../../domain/readable-tool-name.ts';

/** Characters of the arguments and of the result the file shows (the JSONL keeps the stored preview). */
export const EXPORT_PREVIEW_CHARS = 2_000;

/** Re-exported: the export's callers and tests name it here. */
export { readableToolName };

/** A preview as a fenced block, cut for the file; says how much of the whole it shows. */
function preview(label: string, text: string, totalChars: number, language: Language): string {
  const shown = headChars(text, EXPORT_PREVIEW_CHARS);
  const total = Math.max(totalChars, charCount(text));
  const cut = charCount(shown) < total ? ` ${LABELS[language].shownOf(charCount(shown), total)}` : '';
  return `${label}${cut}:\n\n${fencedBlock(shown)}`;
}

export interface ToolRowContext {
  language: Language;
  agentName: (id: string) => string;
  /** A heading-safe, one-line name. */
  plain: (text: string) => string;
  time: (ms: number) => string;
}

export function markdownToolRow(call: ToolCallRecord, context: ToolRowContext): string {
  const labels = LABELS[context.language];
  const name = readableToolName(call.name, call.target, context.agentName);
  const lines = [
    `### 🔧 ${labels.tool}: ${context.plain(name)} · ${context.plain(context.agentName(call.agentId))} · ${context.time(call.tsMs)}`,
  ];
  // As the chat's row: the model's own claim of intent, or why there is none (routing tools: nothing).
  if (call.reasonState === 'written' && call.reason !== null && call.reason.trim() !== '') {
    // Neutralised as the whole line it is in the file: a reason starting with ``` is no fence there.
    lines.push(neutraliseHtml(`${labels.reason}: ${call.reason.replace(/\s+/g, ' ').trim()}`));
  } else if (call.reasonState === 'omitted') lines.push(`_${labels.reasonOmitted}_`);
  else if (call.reasonState === 'unsupported') lines.push(`_${labels.reasonUnsupported}_`);
  if (call.isError) lines.push(`⚠ ${labels.toolError}`);
  lines.push(preview(labels.args, call.argsPreview, call.argsChars, context.language));
  lines.push(preview(labels.result, call.resultPreview, call.resultChars, context.language));
  return `${lines.join('\n\n')}\n\n`;
}
