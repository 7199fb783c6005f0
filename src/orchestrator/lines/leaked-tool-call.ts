import { clipChars, oneLine } from './fields.ts';

/**
 * Detection for `text tool call leaked:` (ledger part 4, leaked_tool_call: an L0 instrument that
 * changes no behaviour). A model sometimes writes a tool call as XML in its text instead of a native
 * tool_use block; to the harness that is "no tool called" = final output, so the raw XML reaches the
 * user. The line is written just before such text is taken as the final output.
 *
 * The ledger's list of detection strings was lost in flattening ("検出は `` / `` から始まる"); what
 * survived says the API side strips the opening tag, so the common leaked shape starts with the tool
 * name and `">`, then `<parameter …>` blocks, then `</invoke>` (the L1 note:
 * `^(?P<name>[A-Za-z0-9_-]+)">` + parameter blocks + `</invoke>`). The reconstruction here is true
 * when, outside Markdown code spans and fenced blocks, the text has
 *  1. an opening or closing tool-call tag — `function_calls`, `invoke`, `tool_call`, `tool_calls`,
 *     `tool_use`, `function_call` — optionally with a namespace prefix (`<ns:invoke name=…>`), or
 *  2. the eaten-opening-tag shape: it starts with `name">` and later has a `<parameter name=` tag.
 * Code is skipped so an answer that *explains* these tags (in backticks or a fence) is not counted.
 */

const TOOL_CALL_TAG =
  /<\/?(?:[A-Za-z_][\w.-]*:)?(?:function_calls|invoke|tool_calls|tool_call|tool_use|function_call)(?=[\s>/])/;
const EATEN_OPENING = /^\s*[A-Za-z0-9_-]+">[\s\S]*<(?:[A-Za-z_][\w.-]*:)?parameter\s+name=/;
const FENCED_BLOCK = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)/g;
const INLINE_CODE = /`[^`\n]*`/g;

/** The text without Markdown fenced blocks and inline code spans. */
function withoutCode(text: string): string {
  return text.replace(FENCED_BLOCK, ' ').replace(INLINE_CODE, ' ');
}

export function looksLikeLeakedToolCall(text: string): boolean {
  const prose = withoutCode(text);
  return TOOL_CALL_TAG.test(prose) || EATEN_OPENING.test(prose);
}

/** Longest `head=` value. */
export const LEAK_HEAD_CHARS = 40;

/**
 * Where an argument value would begin: after a `<parameter …>` opening tag, or after a JSON
 * `"arguments"` / `"input"` / `"parameters"` key. The head stops there.
 */
const ARGUMENT_VALUE_START = /<(?:[A-Za-z_][\w.-]*:)?parameter\b[^>]*>|"(?:arguments|input|parameters)"\s*:/;

/**
 * The `head=` value: the first {@link LEAK_HEAD_CHARS} characters on one line, cut before the first
 * argument value — enough to see the shape of the leak (which tag, which tool, which parameter), never
 * the arguments, which may carry user data.
 */
export function leakHead(text: string): string {
  const head = clipChars(oneLine(text), LEAK_HEAD_CHARS);
  const valueStart = ARGUMENT_VALUE_START.exec(head);
  return valueStart ? head.slice(0, valueStart.index + valueStart[0].length) : head;
}
