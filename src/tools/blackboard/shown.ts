import type { ToolContext } from '../../orchestrator/tool.ts';

// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/gu;

/**
 * File and folder names on the board are untrusted (made by hand or by `run`): a newline in one must
 * not make a line of its own in a result, where it could pass for a note or a heading. The tool never
 * makes such names (normalisation replaces control characters), so nothing addressable is hidden.
 */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, '?');
}

/** An owner as results show it: `Name (id)`, or the id alone when it has no other name. */
export function ownerLabel(ctx: Pick<ToolContext, 'agentNames'>, id: string): string {
  const name = ctx.agentNames.get(id);
  return oneLine(name === undefined || name === id ? id : `${name} (${id})`);
}
