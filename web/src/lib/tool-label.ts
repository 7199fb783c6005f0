/** The words for the two routing calls, in the UI language (`chat.toolAsk` / `chat.toolTransfer`). */
export interface RoutingVerbs {
  ask: string;
  transfer: string;
}

const ENGLISH_VERBS: RoutingVerbs = { ask: 'ask', transfer: 'transfer' };

/**
 * A tool row's readable name (issue 22): `ask → Bob`, `transfer → Carol`, `{server} · {tool}` for an
 * MCP tool (`server__tool`), bundled names as they are. The raw name stays in the row's title. The
 * routing verbs follow the UI language (「質問 → Bob」 in the Japanese UI: issue 22 wants every text a
 * person reads in it); tool names are names and stay as offered.
 */
export function toolLabel(
  raw: string,
  target: string | undefined,
  nameOf: (agentId: string) => string,
  verbs: RoutingVerbs = ENGLISH_VERBS,
): string {
  if (target !== undefined && raw.startsWith('transfer_to_')) return `${verbs.transfer} → ${nameOf(target)}`;
  if (target !== undefined && raw.startsWith('ask_')) return `${verbs.ask} → ${nameOf(target)}`;
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
