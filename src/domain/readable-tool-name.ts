/**
 * A tool's readable name, the chat's tool-row names (web/src/lib/tool-label.ts): `ask → Bob`,
 * `transfer → Carol`, `{server} · {tool}` for an MCP tool (`server__tool`), bundled names as they are.
 * Here, below every layer, so the export and the door's progress say the same words.
 */
export function readableToolName(
  raw: string,
  target: string | undefined,
  nameOf: (id: string) => string,
): string {
  if (target !== undefined && raw.startsWith('transfer_to_')) return `transfer → ${nameOf(target)}`;
  if (target !== undefined && raw.startsWith('ask_')) return `ask → ${nameOf(target)}`;
  const split = raw.indexOf('__');
  if (split > 0 && split < raw.length - 2) return `${raw.slice(0, split)} · ${raw.slice(split + 2)}`;
  return raw;
}
