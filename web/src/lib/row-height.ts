import type { ChatRow } from './chat-rows.ts';
import { budgetStopOf } from './budget-stop.ts';

/**
 * A row's height guessed from its text before it is drawn (the virtual list's estimate). The list
 * measures each row once drawn; a guess far off moves every row after it and makes the list lay
 * itself out again, which is most of a scroll frame's cost in a long conversation (issue 22's figure).
 * The figures are the chat's own CSS: 14 px text at line-height 1.5, 12 px headers, code at 0.92 em.
 */
const LINE_PX = 21;
const CODE_LINE_PX = 17;
const SYSTEM_LINE_PX = 18;
/** Header line, bubble padding and border of a message row. */
const MESSAGE_FRAME_PX = 31;
const SYSTEM_FRAME_PX = 31;
const BLOCK_GAP_PX = 6;
/** A code block's padding (the copy button's row above the first line), border and gap. */
const CODE_FRAME_PX = 42;
const TOOL_ROW_PX = 41;
const BUDGET_STOP_PX = 150;
const ATTACHMENT_PX = 64;
const NOTE_PX = 56;
/** Average width of a character of the UI font at 14 px; CJK characters count twice. */
const CHAR_PX = 7.4;
/** Avatar, gaps, bubble padding and the list's own padding beside a message's text. */
const TEXT_INSET_PX = 78;

function wrappedLines(line: string, charsPerLine: number): number {
  if (line.length === 0) return 1;
  let width = 0;
  for (let i = 0; i < line.length; i++) width += line.charCodeAt(i) > 0x2e7f ? 2 : 1;
  return Math.max(1, Math.ceil(width / charsPerLine));
}

/** The height of Markdown text as the chat lays it out: paragraphs, list items and fenced code. */
export function markdownHeight(text: string, charsPerLine: number): number {
  let height = 0;
  let blocks = 0;
  let inCode = false;
  /** The block the previous line belongs to: lines of one paragraph or one list run together. */
  let current: 'paragraph' | 'list' | 'heading' | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) {
      if (!inCode) {
        height += CODE_FRAME_PX;
        blocks += 1;
      }
      inCode = !inCode;
      current = null;
      continue;
    }
    if (inCode) {
      height += CODE_LINE_PX;
      continue;
    }
    if (line.trim() === '') {
      if (current !== 'list') current = null;
      continue;
    }
    const kind = /^\s*#{1,6}\s/.test(line)
      ? 'heading'
      : /^\s*([-*+]|\d+[.)])\s/.test(line)
        ? 'list'
        : 'paragraph';
    // A list item's own wrapped lines and the items after it stay one list.
    const continues =
      current === 'list' ? kind !== 'heading' : current === 'paragraph' && kind === 'paragraph';
    if (!continues) blocks += 1;
    current = kind === 'heading' ? null : kind === 'paragraph' && current === 'list' ? 'list' : kind;
    height += wrappedLines(line, charsPerLine) * LINE_PX;
  }
  return height + Math.max(0, blocks - 1) * BLOCK_GAP_PX;
}

/** `listWidthPx`: the scrolling list's inner width (its clientWidth). */
export function estimateRowHeight(row: ChatRow, listWidthPx: number): number {
  if (row.kind === 'tool') return TOOL_ROW_PX;
  if (row.kind === 'stream') {
    // A reply streaming in is drawn at once and measured: the estimate only fills the first frame.
    const charsPerLine = Math.max(12, Math.floor((listWidthPx - TEXT_INSET_PX) / CHAR_PX));
    const text = markdownHeight(row.reply.text, charsPerLine);
    return Math.round(MESSAGE_FRAME_PX + Math.max(LINE_PX, text) + (row.reply.thinking ? NOTE_PX : 0));
  }
  const message = row.message;
  if (budgetStopOf(message)) return BUDGET_STOP_PX;
  const charsPerLine = Math.max(12, Math.floor((listWidthPx - TEXT_INSET_PX) / CHAR_PX));
  let height: number;
  if (message.from.kind === 'system') {
    const lines = message.content
      .split('\n')
      .reduce((n, line) => n + wrappedLines(line, charsPerLine * 1.15), 0);
    height = SYSTEM_FRAME_PX + lines * SYSTEM_LINE_PX;
  } else {
    height = MESSAGE_FRAME_PX + Math.max(LINE_PX, markdownHeight(message.content, charsPerLine));
  }
  height += (message.attachments?.length ?? 0) * ATTACHMENT_PX;
  if (message.reasoningSummary) height += NOTE_PX;
  if (message.grounding) height += NOTE_PX;
  return Math.round(height);
}
