import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { boundedText } from '../../domain/chars.ts';
import { issueMessage, issuePath } from '../../domain/zod-issues.ts';
import { kindOf, quoteName } from '../config/describe.ts';

/** A tool the server listed that is not offered to the model, and why (shown in `mcp_status`). */
export interface SkippedTool {
  tool: string;
  reason: string;
  /** The SDK refuses the tool's definition: an error of the server's, not a choice of ours. */
  invalid: boolean;
}

export interface ToolListing {
  tools: Tool[];
  skipped: SkippedTool[];
}

/**
 * Only the envelope: each tool is checked on its own below. The SDK's `listTools` validates the whole
 * page at once, so one tool with a schema it refuses (a boolean `true` property schema, which JSON
 * Schema allows) would fail the listing and with it every other tool of the server.
 */
const LenientPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

const REASON_SHOWN_MAX = 200;

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function nameOf(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : `(tool ${index + 1} of the list, without a name)`;
}

/** Which field the SDK refuses and what it holds there (its kind, never its content). */
function refusal(raw: unknown, issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (issue === undefined) return 'the SDK refuses its definition';
  const field = issuePath(issue.path);
  const got = kindOf(valueAt(raw, issue.path));
  const text = `field ${quoteName(field)} is refused by the MCP SDK (${issueMessage(issue)}; it is ${got})`;
  return boundedText(text, REASON_SHOWN_MAX);
}

/** One listed tool: offered, or skipped with the reason. */
function checkTool(
  raw: unknown,
  index: number,
  seen: Set<string>,
): { tool: Tool } | { skipped: SkippedTool } {
  const name = nameOf(raw, index);
  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success)
    return { skipped: { tool: name, reason: refusal(raw, parsed.error.issues), invalid: true } };
  const tool = parsed.data;
  // The SDK's callTool refuses these (they need its experimental task API): offered, they would
  // always fail, so they are left out (issue 17).
  if (tool.execution?.taskSupport === 'required') {
    const reason = 'runs only as a task (execution.taskSupport "required"), which Fuseforks does not use';
    return { skipped: { tool: name, reason, invalid: false } };
  }
  if (seen.has(tool.name)) {
    return {
      skipped: { tool: name, reason: 'listed twice by the server: the first is offered', invalid: true },
    };
  }
  seen.add(tool.name);
  return { tool };
}

/** Every page of `tools/list`, each tool validated on its own. */
export async function listServerTools(client: Client, timeoutMs: number): Promise<ToolListing> {
  const tools: Tool[] = [];
  const skipped: SkippedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let index = 0;
  do {
    const page = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      LenientPage,
      { timeout: timeoutMs },
    );
    for (const raw of page.tools) {
      const checked = checkTool(raw, index, seen);
      index += 1;
      if ('skipped' in checked) skipped.push(checked.skipped);
      else tools.push(checked.tool);
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return { tools, skipped };
}
