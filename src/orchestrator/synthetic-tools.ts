import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { ToolSpec } from '../llm/canonical.ts';

export const TOOL_NAME_MAX = 64;

export interface RoutingTool {
  name: string;
  kind: 'transfer' | 'ask';
  target: AgentId;
}

/**
 * One `transfer_to_*` and one `ask_*` per connection, in connection order. A name over 64 characters
 * or one that clashes falls back to `{prefix}agent_{index}`.
 */
export function routingTools(connections: readonly AgentId[], offerTransfer: boolean): RoutingTool[] {
  const kinds: RoutingTool['kind'][] = offerTransfer ? ['transfer', 'ask'] : ['ask'];
  const prefix = { transfer: 'transfer_to_', ask: 'ask_' } as const;
  const natural = kinds.flatMap((kind) => connections.map((target) => `${prefix[kind]}${target}`));
  const taken = new Set(natural.filter((n) => n.length <= TOOL_NAME_MAX));
  const tools: RoutingTool[] = [];
  for (const kind of kinds) {
    connections.forEach((target, index) => {
      let name = `${prefix[kind]}${target}`;
      if (name.length > TOOL_NAME_MAX) {
        // Fallback names are checked against every name in use, natural ones first.
        let n = index;
        do name = `${prefix[kind]}agent_${n++}`;
        while (taken.has(name));
        taken.add(name);
      }
      tools.push({ name, kind, target });
    });
  }
  return tools;
}

const TEXT = {
  ja: {
    transfer: (label: string) =>
      `${label} に仕事を引き継ぎ、このターンを終えます。答えはこちらへ戻らず、${label} から先へ進みます。`,
    transferMessage: '引き継ぐ本文。省くと、この応答の本文をそのまま渡します。',
    ask: (label: string) => `${label} に質問し、その答えをこのツールの結果として受け取ります。`,
    askMessage: '相手に送る質問や依頼の本文。',
    roomLog: '広場ログの 1 行を ID で全文読みます（抜粋の行頭にある [ID] を使う）。',
    roomLogId: '抜粋の行頭に表示された ID（そのまま書く）',
  },
  en: {
    transfer: (label: string) =>
      `Hand the work on to ${label} and end this turn. The answer does not come back here; ${label} carries on.`,
    transferMessage: 'The text to hand on. When left out, the text of this reply is passed as is.',
    ask: (label: string) => `Ask ${label} and receive the answer as the result of this tool.`,
    askMessage: 'The question or request to send.',
    roomLog: 'Read one room-log line in full by its ID (the [ID] at the start of an excerpt line).',
    roomLogId: 'The ID shown at the start of the excerpt line, exactly as shown',
  },
};

export function routingToolSpec(tool: RoutingTool, label: string, language: Language): ToolSpec {
  const t = TEXT[language];
  if (tool.kind === 'transfer') {
    return {
      name: tool.name,
      description: t.transfer(label),
      parameters: {
        type: 'object',
        properties: { message: { type: 'string', description: t.transferMessage } },
      },
    };
  }
  return {
    name: tool.name,
    description: t.ask(label),
    parameters: {
      type: 'object',
      properties: { message: { type: 'string', description: t.askMessage } },
      required: ['message'],
    },
  };
}

export const ROOM_LOG_TOOL = 'room_log';

export function roomLogToolSpec(language: Language): ToolSpec {
  const t = TEXT[language];
  return {
    name: ROOM_LOG_TOOL,
    description: t.roomLog,
    parameters: {
      type: 'object',
      properties: { id: { type: 'string', description: t.roomLogId } },
      required: ['id'],
    },
  };
}
