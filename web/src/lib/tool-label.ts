/**
 * A tool row's readable name (issue 22): `ask → Bob`, `transfer → Carol`, `{server} · {tool}` for an
 * MCP tool (`server__tool`), bundled names as they are. The raw name stays in the row's title.
 */
export function toolLabel(
  raw: string,
  target: string | undefined,
  nameOf: (agentId: string) => string,
): string {
  if (target !== undefined && raw.startsWith('transfer_to_')) return `transfer → ${nameOf(target)}`;
  if (target !== undefined && raw.startsWith('ask_')) return `ask → ${nameOf(target)}`;
  const split = raw.indexOf('__');
  if (split > 0 && split < raw.length - 2) return `${raw.slice(0, split)} · ${raw.slice(split + 2)}`;
  return raw;
}

/** The result shown before "Show all": long results would make the chat scroll for pages. */
export const RESULT_SHOWN_CHARS = 4_000;

/** The first `max` code points, and whether anything was left out. */
export function clipResult(text: string, max = RESULT_SHOWN_CHARS): { text: string; clipped: boolean } {
  const points = [...text];
  return points.length <= max
    ? { text, clipped: false }
    : { text: points.slice(0, max).join(''), clipped: true };
}
