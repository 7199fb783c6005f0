/**
 * The four Responses wires as the integration tests drive them: the template each needs, the
 * search tool its skill toggle must put on the wire, and the search answer its provider would send.
 */
import type { GroundingEngine, Provider } from '../../src/domain/enums.ts';
import type { GroundingSource } from '../../src/domain/message.ts';
import type { FakeProvider } from '../fakes/fake-provider.ts';
import {
  metaSearchReply,
  openAiSearchReply,
  perplexitySearchReply,
  xaiSearchReply,
  type SearchAnswer,
} from '../fakes/responses-replies.ts';
import type { TestVillage } from './village-server.ts';

export type ResponsesProvider = Extract<
  Provider,
  'open_ai_responses' | 'xai_responses' | 'meta_responses' | 'perplexity_responses'
>;

export interface ResponsesCase {
  provider: ResponsesProvider;
  model: string;
  /** The template toggle of the provider's web search skill. */
  searchToggle: Record<string, true>;
  /** The `type` of the tool that toggle must add to `tools`. */
  searchTool: string;
  engine: GroundingEngine;
  searchReply: (answer: SearchAnswer) => unknown;
  /** The sources the app should show for `SEARCH` (xAI's citations carry no title). */
  expectedSources: GroundingSource[];
  /** The queries the app should show, where the wire's provider reports them. */
  expectedQueries: string[] | null;
}

export const SEARCH: SearchAnswer = {
  text: 'The village has two wells.',
  query: 'village wells',
  sources: [
    { url: 'https://example.org/wells', title: 'Wells of the village' },
    { url: 'https://example.org/map', title: 'Village map' },
  ],
};

const titled = SEARCH.sources.map(({ url, title }) => ({ uri: url, title }));

export const RESPONSES_CASES: ResponsesCase[] = [
  {
    provider: 'open_ai_responses',
    model: 'gpt-5-mini',
    searchToggle: { openaiWebSearch: true },
    searchTool: 'web_search',
    engine: 'open_ai',
    searchReply: openAiSearchReply,
    expectedSources: titled,
    expectedQueries: [SEARCH.query],
  },
  {
    provider: 'xai_responses',
    model: 'grok-4-fast-reasoning',
    searchToggle: { xaiWebSearch: true },
    searchTool: 'web_search',
    engine: 'xai',
    searchReply: (answer) => xaiSearchReply(answer, 'web'),
    expectedSources: SEARCH.sources.map(({ url }) => ({ uri: url, title: '' })),
    expectedQueries: [SEARCH.query],
  },
  {
    provider: 'meta_responses',
    model: 'muse-spark',
    searchToggle: { metaWebSearch: true },
    searchTool: 'web_search',
    engine: 'meta',
    searchReply: metaSearchReply,
    expectedSources: titled,
    // Meta's answer has no search-call item to read queries from (ledger §7.6: reasoning + message).
    expectedQueries: null,
  },
  {
    provider: 'perplexity_responses',
    model: 'openai/gpt-5-mini',
    searchToggle: { perplexityWebSearch: true },
    searchTool: 'web_search',
    engine: 'perplexity',
    searchReply: perplexitySearchReply,
    expectedSources: titled,
    expectedQueries: null,
  },
];

/** A key the fake must see only in its Authorization header. */
export const RESPONSES_KEY = 'sk-responses-test-7f3a91';

/**
 * A started servant `a` on a template of `c.provider` at the fake provider, with a stored key;
 * `template` takes any other template fields (skill toggles, effort), `spec` other AgentSpec fields.
 */
export async function startResponsesServant(
  v: TestVillage,
  fake: FakeProvider,
  c: ResponsesCase,
  template: Record<string, unknown> = {},
  spec: Record<string, unknown> = {},
): Promise<void> {
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: {
      name: `${c.provider} model`,
      baseUrl: fake.baseUrl,
      model: c.model,
      provider: c.provider,
      ...template,
    },
  });
  await v.ok('set_credential', { templateId: id, secret: RESPONSES_KEY });
  await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: id, ...spec } });
  await v.ok('start_agent', { agentId: 'a' });
}

/** The request body as the Responses wires send it, loosely typed for assertions. */
export interface SentResponsesBody {
  model?: string;
  store?: unknown;
  input: ({ type?: string; role?: string } & Record<string, unknown>)[];
  tools?: ({ type: string; name?: string } & Record<string, unknown>)[];
  include?: string[];
  [key: string]: unknown;
}

export function sentBody(fake: FakeProvider, index: number): SentResponsesBody {
  const request = fake.requests[index];
  if (!request) throw new Error(`the fake provider got no request #${index + 1}`);
  return request.body as SentResponsesBody;
}

/** The input items of one type, in order. */
export function inputItems(body: SentResponsesBody, type: string): Record<string, unknown>[] {
  return body.input.filter((item) => item.type === type);
}
