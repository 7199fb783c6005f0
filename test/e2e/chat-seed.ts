/**
 * A long conversation written straight into a workspace's store before the server starts (issue 22's
 * virtualised list and its bench): `count` messages, user and `agentId` taking turns, some with
 * Markdown and code so rows differ in height. The server opens it as the latest session.
 */
import type { AgentMessage } from '../../src/domain/message.ts';
import type { ToolCallRecord } from '../../src/domain/session.ts';
import type { SessionRecord } from '../../src/store/record.ts';
import { sessionStorePath } from '../../src/store/session-file.ts';
import { SessionStore } from '../../src/store/session-store.ts';

export function seededText(i: number): string {
  if (i % 7 === 3) return `Step ${i}:\n\n\`\`\`ts\nconst value${i} = ${i};\nconsole.log(value${i});\n\`\`\``;
  if (i % 5 === 1) return `Reply ${i} with a **list**:\n\n- one\n- two\n- three`;
  return `Message ${i}${' and more words'.repeat(i % 4)}`;
}

/**
 * A stored tool call just before reply `i` (the bench's "with tool rows"): a file read that found its
 * file, and every third one a missing file (a row "returned with an error").
 */
function seededToolCall(i: number, agentId: string, tsMs: number): ToolCallRecord {
  const missing = i % 3 === 0;
  const args = JSON.stringify({ op: 'read', path: `notes/part-${i}.md` }, null, 2);
  const result = missing ? `File not found: notes/part-${i}.md` : `# Part ${i}\n\nNotes for step ${i}.`;
  return {
    agentId: agentId as never,
    callId: `seed-call-${i}`,
    name: 'file',
    reason: `read part ${i} of the notes`,
    reasonState: 'written',
    argsPreview: args,
    argsChars: args.length,
    resultPreview: result,
    resultChars: result.length,
    isError: missing,
    tsMs,
    hop: 0,
  };
}

export interface SeedOptions {
  agentId?: string;
  textOf?: (i: number) => string;
  /** A stored tool call before every `toolEvery`-th message from the servant (0: none). */
  toolEvery?: number;
}

export function seedConversation(
  workspace: string,
  count: number,
  agentIdOrOptions: string | SeedOptions = 'agent_1',
  textOfArgument?: (i: number) => string,
): void {
  const options = typeof agentIdOrOptions === 'string' ? { agentId: agentIdOrOptions } : agentIdOrOptions;
  const agentId = options.agentId ?? 'agent_1';
  const textOf = textOfArgument ?? options.textOf ?? seededText;
  const toolEvery = options.toolEvery ?? 0;
  const store = SessionStore.open(sessionStorePath(workspace), { workspace });
  try {
    const id = store.createSession('long conversation');
    const start = Date.now() - count * 1_000;
    const messages: AgentMessage[] = Array.from({ length: count }, (_, i) => {
      const fromUser = i % 2 === 0;
      const agent = { kind: 'agent' as const, id: agentId as never };
      return {
        id: `seed-${i}`,
        from: fromUser ? { kind: 'user' } : agent,
        to: fromUser ? agent : { kind: 'user' },
        content: textOf(i),
        tokens: 5,
        tsMs: start + i * 1_000,
        hop: 0,
      };
    });
    const records: SessionRecord[] = [];
    messages.forEach((message, i) => {
      const fromAgent = i % 2 === 1;
      if (toolEvery > 0 && fromAgent && ((i - 1) / 2) % toolEvery === 0) {
        records.push({ kind: 'tool', tool: seededToolCall(i, agentId, message.tsMs - 500) });
      }
      records.push({ kind: 'message', message });
    });
    store.appendMany(id, records);
  } finally {
    store.close();
  }
}
