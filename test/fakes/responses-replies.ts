/**
 * Answers in the Responses shape (`POST {base}/responses`) for the fake provider: the four wires
 * (OpenAI, xAI, Meta, Perplexity) share the envelope and differ in their search items. Each builder
 * follows a recorded body (shared fixtures `openai-responses/`, `xai-responses/`) or, where nothing
 * was recorded (Meta, Perplexity), the measured shapes the ledger quotes (part 6 §7.6, §7.7 and the
 * ja `perplexity_responses:` section).
 */

/** One output item: every field optional and branched on `type`, as the providers send them. */
export type ResponsesItem = Record<string, unknown> & { type: string };

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
  /** Provider extras (xAI server-side tool counts and ticks, Perplexity cost and tool details). */
  [extra: string]: unknown;
}

/** Small counts, the same as the other wires' `textReply` (prompt 11, completion 3). */
export function responsesUsage(extra: Partial<ResponsesUsage> = {}): ResponsesUsage {
  return {
    input_tokens: 11,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 3,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 14,
    ...extra,
  };
}

let serial = 0;
const nextId = (prefix: string) => `${prefix}_fake${(serial += 1)}`;

/** The whole response body around its output items. */
export function responsesBody(output: ResponsesItem[], usage: ResponsesUsage = responsesUsage()): unknown {
  return {
    id: nextId('resp'),
    object: 'response',
    created_at: 1_764_962_401,
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: 'fake',
    output,
    usage,
  };
}

export interface UrlCitation {
  url: string;
  /** xAI's citations carry no title (fixture xai-web-search-tool); OpenAI's and Meta's do. */
  title?: string;
}

/** An assistant message with one output_text part; citations become url_citation annotations. */
export function messageItem(text: string, citations: UrlCitation[] = []): ResponsesItem {
  return {
    id: nextId('msg'),
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [
      {
        type: 'output_text',
        text,
        logprobs: [],
        annotations: citations.map((c, i) => ({
          type: 'url_citation',
          url: c.url,
          ...(c.title === undefined ? {} : { title: c.title, start_index: i, end_index: i + 1 }),
        })),
      },
    ],
  };
}

/** A call of one of the app's function tools (ledger §7.6: the same on xAI, OpenAI and Meta). */
export function functionCallItem(name: string, args: Record<string, unknown>, callId = `call_${name}`) {
  return {
    id: nextId('fc'),
    type: 'function_call',
    status: 'completed',
    call_id: callId,
    name,
    arguments: JSON.stringify(args),
  } satisfies ResponsesItem;
}

/** A reasoning item: summary texts (may be none) and, when given, the opaque encrypted content. */
export function reasoningItem(summary: string[], encrypted?: string): ResponsesItem {
  return {
    id: nextId('rs'),
    type: 'reasoning',
    summary: summary.map((text) => ({ type: 'summary_text', text })),
    ...(encrypted === undefined ? {} : { encrypted_content: encrypted }),
  };
}

/** OpenAI's web_search_call with a `search` action (fixture openai-web-search-tool.1.json). */
export function openAiSearchCallItem(query: string, urls: string[]): ResponsesItem {
  return {
    id: nextId('ws'),
    type: 'web_search_call',
    status: 'completed',
    action: { type: 'search', query, sources: urls.map((url) => ({ type: 'url', url })) },
  };
}

/**
 * xAI's search calls as recorded, all run by xAI itself (never a tool of the app):
 * - `web`: web_search_call with the query in `arguments` as a JSON string and `call_id` empty
 *   (fixture xai-web-search-tool.1.json);
 * - `x`: x_search_call `x_semantic_search`, same layout (fixture xai-x-search-tool.1.json);
 * - `x_keyword`: custom_tool_call `x_keyword_search` with `input` as a JSON string and an `xs_call_`
 *   id, as the final response of the recorded stream xai-x-search-tool.chunks.txt has it.
 */
export type XaiSearchKind = 'web' | 'x' | 'x_keyword';

/** Where each kind keeps its call and query, as recorded. */
const XAI_CALLS: Record<XaiSearchKind, { type: string; name: string; field: 'arguments' | 'input' }> = {
  web: { type: 'web_search_call', name: 'web_search', field: 'arguments' },
  x: { type: 'x_search_call', name: 'x_semantic_search', field: 'arguments' },
  x_keyword: { type: 'custom_tool_call', name: 'x_keyword_search', field: 'input' },
};

export function xaiSearchCallItem(kind: XaiSearchKind, query: string): ResponsesItem {
  const { type, name, field } = XAI_CALLS[kind];
  const args = kind === 'web' ? { query, num_results: 5 } : { query, limit: 20 };
  return {
    id: nextId(kind === 'x_keyword' ? 'ctc' : 'fc'),
    type,
    status: 'completed',
    call_id: kind === 'x_keyword' ? nextId('xs_call') : '',
    name,
    [field]: JSON.stringify(args),
  };
}

/** xAI's usage extras: the server-side call counts as the recorded stream reports them. */
function xaiUsage(kind: XaiSearchKind): ResponsesUsage {
  const web = kind === 'web' ? 1 : 0;
  return responsesUsage({
    num_sources_used: 0,
    num_server_side_tools_used: 1,
    server_side_tool_usage_details: {
      web_search_calls: web,
      x_search_calls: 1 - web,
      code_interpreter_calls: 0,
      file_search_calls: 0,
      mcp_calls: 0,
      document_search_calls: 0,
    },
  });
}

export interface PerplexityResult {
  url: string;
  title: string;
}

/** Perplexity's `search_results` item: the queries run and url + title objects (ledger §7.7). */
export function perplexitySearchResultsItem(queries: string[], results: PerplexityResult[]): ResponsesItem {
  return {
    id: nextId('sr'),
    type: 'search_results',
    queries,
    results: results.map((r) => ({ ...r, snippet: `about ${r.title}` })),
  };
}

// Whole answers, one per situation a test scripts.

export function responsesText(text: string): unknown {
  return responsesBody([messageItem(text)]);
}

/** The model calls one function tool and says nothing else. */
export function responsesToolCall(name: string, args: Record<string, unknown>, callId?: string): unknown {
  return responsesBody([functionCallItem(name, args, callId)], responsesUsage({ output_tokens: 8 }));
}

export interface SearchAnswer {
  text: string;
  query: string;
  sources: { url: string; title: string }[];
}

/** OpenAI: a search action with its sources, then a message citing them (with titles). */
export function openAiSearchReply({ text, query, sources }: SearchAnswer): unknown {
  return responsesBody([
    reasoningItem([]),
    openAiSearchCallItem(
      query,
      sources.map((s) => s.url),
    ),
    messageItem(text, sources),
  ]);
}

/** xAI: the search call, then a message whose annotations are bare URLs; usage counts the server tool. */
export function xaiSearchReply({ text, query, sources }: SearchAnswer, kind: XaiSearchKind = 'web'): unknown {
  const citations = sources.map(({ url }) => ({ url }));
  return responsesBody([xaiSearchCallItem(kind, query), messageItem(text, citations)], xaiUsage(kind));
}

/** Meta: output kinds are reasoning and message only (ledger §7.6); sources ride on annotations. */
export function metaSearchReply({ text, sources }: SearchAnswer): unknown {
  return responsesBody([reasoningItem([]), messageItem(text, sources)]);
}

/**
 * Perplexity: the sources are in the `search_results` item, annotations empty (ledger §7.7), and
 * usage carries the tool cost and invocation counts the `pplx tools:` line reads.
 */
export function perplexitySearchReply({ text, query, sources }: SearchAnswer): unknown {
  return responsesBody(
    [perplexitySearchResultsItem([query], sources), messageItem(text)],
    responsesUsage({
      cost: {
        currency: 'USD',
        input_cost: 0.000011,
        output_cost: 0.000003,
        tool_calls_cost: 0.005,
        total_cost: 0.005014,
      },
      tool_calls_details: { web_search: { invocation: 1 } },
    }),
  );
}

/**
 * Perplexity's finance search: a `skill_loaded` item (no sources), then `finance_results` whose
 * `results[].sources` are nested arrays of bare URL strings, no titles (ledger §7.7).
 */
export function perplexityFinanceReply(text: string, sourceGroups: string[][][]): unknown {
  return responsesBody(
    [
      { id: nextId('skl'), type: 'skill_loaded' },
      { id: nextId('fr'), type: 'finance_results', results: sourceGroups.map((sources) => ({ sources })) },
      messageItem(text),
    ],
    responsesUsage({
      cost: {
        currency: 'USD',
        input_cost: 0.000011,
        output_cost: 0.000003,
        tool_calls_cost: 0.01,
        tool_calls_cost_details: { finance_search: 0.01 },
        total_cost: 0.010014,
      },
      tool_calls_details: { finance_search: { invocation: 2 } },
    }),
  );
}

/** A reasoning item (summary, optional encrypted content) followed by the items given. */
export function reasoningReply(
  summary: string[],
  then: ResponsesItem[],
  encrypted?: string,
  usage: ResponsesUsage = responsesUsage({
    output_tokens: 40,
    output_tokens_details: { reasoning_tokens: 30 },
  }),
): unknown {
  return responsesBody([reasoningItem(summary, encrypted), ...then], usage);
}
