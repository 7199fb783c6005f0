import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { ToolSpec } from '../../llm/canonical.ts';

export const PLAN_TOOL = 'plan';
/** plan is offered only to an agent with at least this many connections (ledger part 4, Spec 04). */
export const PLAN_MIN_CONNECTIONS = 2;

const TEXT = {
  ja: {
    description:
      '接続先の複数のサーヴァントへ、それぞれの依頼を同時に送り、全員の答えを 1 つにまとめて受け取ります。各依頼は ask と同じく答えを待ちます。1 体が答えられなくても、他の答えは届きます。',
    tasks: '同時に送る依頼の一覧。1 つの宛先は 1 回だけ。',
    to: (table: string) => `依頼する相手の ID。対応表: ${table}`,
    message: 'その相手への依頼の本文。',
  },
  en: {
    description:
      'Send a request to several connected servants at once and receive all their answers in one result. Each request waits for its answer like ask; when one cannot answer, the others still arrive.',
    tasks: 'The requests to send at the same time. Each destination at most once.',
    to: (table: string) => `The ID of the servant to ask. Names: ${table}`,
    message: 'The request for that servant.',
  },
};

/** `plan {tasks: [{to, message}]}` with `to` a closed enum of the agent's connections, in their order. */
export function planToolSpec(
  connections: readonly AgentId[],
  label: (id: AgentId) => string,
  language: Language,
): ToolSpec {
  const t = TEXT[language];
  return {
    name: PLAN_TOOL,
    description: t.description,
    parameters: {
      type: 'object',
      properties: {
        tasks: {
          type: 'array',
          description: t.tasks,
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              to: {
                type: 'string',
                enum: [...connections],
                description: t.to(connections.map(label).join(', ')),
              },
              message: { type: 'string', description: t.message },
            },
            required: ['to', 'message'],
          },
        },
      },
      required: ['tasks'],
    },
  };
}
