/**
 * What the village is doing for one outside request, as the door tells its client while it waits
 * (issue 23, MCP progress). Names and a short excerpt only: the door words it in the village language.
 */
export type AskProgress =
  /** `agent` (a servant's name) is thinking or writing; `excerpt` is the tail of what it streams ('' before any). */
  | { kind: 'working'; agent: string; excerpt: string }
  /** `agent` runs a tool; `tool` is its readable name (`ask → Bob`, `github · create_issue`). */
  | { kind: 'tool'; agent: string; tool: string };
