import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../domain/enums.ts';
import { message, tempStore, toolCall, turnRecord } from '../../store/test-kit.ts';
import { sessionDownload } from './download.ts';
import { markdownFooter } from './markdown.ts';

let open: ReturnType<typeof tempStore> | null = null;
afterEach(() => {
  open?.cleanup();
  open = null;
});

/** The Markdown download of a session holding `messages` messages and `tools` tool rows, interleaved. */
async function downloaded(language: Language, messages: number, tools: number): Promise<string> {
  open?.cleanup();
  open = tempStore();
  const { store } = open;
  const id = store.createSession('counts');
  for (let i = 0; i < Math.max(messages, tools); i++) {
    if (i < messages) store.append(id, { kind: 'message', message: message(`m${i}`) });
    if (i < tools) store.append(id, toolCall('alice', { callId: `c${i}` }));
  }
  // A turn record is the machine's: it is neither a message nor a tool call of the file.
  store.append(id, { kind: 'turn', turn: turnRecord('alice') });
  const source = { store, language, agentName: (agentId: string) => agentId, now: () => 0 };
  return sessionDownload(source, id, 'md').text();
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1)!;
}

describe('the Markdown download footer', () => {
  it('counts messages and tool calls, in the village language, plural-correct', async () => {
    expect(lastLine(await downloaded('en', 3, 2))).toBe('3 messages, 2 tool calls');
    expect(lastLine(await downloaded('en', 1, 1))).toBe('1 message, 1 tool call');
    expect(lastLine(await downloaded('en', 2, 0))).toBe('2 messages, 0 tool calls');
    expect(lastLine(await downloaded('ja', 3, 2))).toBe('メッセージ 3 件、ツール呼び出し 2 件');
  });

  it('the file holds one section per counted row', async () => {
    const text = await downloaded('en', 4, 3);
    expect(text.match(/^## /gm)).toHaveLength(4);
    expect(text.match(/^### 🔧 /gm)).toHaveLength(3);
    expect(lastLine(text)).toBe('4 messages, 3 tool calls');
  });

  it('writes large counts with the language’s digit grouping', () => {
    expect(markdownFooter({ messages: 1200, tools: 14 }, 'en')).toBe(
      '---\n\n1,200 messages, 14 tool calls\n',
    );
    expect(markdownFooter({ messages: 1200, tools: 1 }, 'ja')).toBe(
      '---\n\nメッセージ 1,200 件、ツール呼び出し 1 件\n',
    );
  });
});
