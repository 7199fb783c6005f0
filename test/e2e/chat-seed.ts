/**
 * A long conversation written straight into a workspace's store before the server starts (issue 22's
 * virtualised list and its bench): `count` messages, user and `agentId` taking turns, some with
 * Markdown and code so rows differ in height. The server opens it as the latest session.
 */
import type { AgentMessage } from '../../src/domain/message.ts';
import { sessionStorePath } from '../../src/store/session-file.ts';
import { SessionStore } from '../../src/store/session-store.ts';

export function seededText(i: number): string {
  if (i % 7 === 3) return `Step ${i}:\n\n\`\`\`ts\nconst value${i} = ${i};\nconsole.log(value${i});\n\`\`\``;
  if (i % 5 === 1) return `Reply ${i} with a **list**:\n\n- one\n- two\n- three`;
  return `Message ${i}${' and more words'.repeat(i % 4)}`;
}

export function seedConversation(
  workspace: string,
  count: number,
  agentId = 'agent_1',
  textOf: (i: number) => string = seededText,
): void {
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
    store.appendMany(
      id,
      messages.map((message) => ({ kind: 'message' as const, message })),
    );
  } finally {
    store.close();
  }
}
