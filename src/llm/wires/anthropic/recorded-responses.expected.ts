/** What each recorded Anthropic body must decode to; every value was read from the files. */
import type { ChatResponse, ToolCall, Usage } from '../../canonical.ts';

export function usage(prompt: number, completion: number, reasoning = 0): Usage {
  return { prompt, completion, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning };
}

/** Long texts are pinned by length, both ends and a SHA-256 prefix instead of a literal. */
export interface LongText {
  length: number;
  head: string;
  tail: string;
  sha256: string;
}

export interface Expected {
  text: string | LongText;
  toolCalls: ToolCall[];
  finish: ChatResponse['finish'];
  usage: Usage;
  reasoningSummary: string;
  dropped: Record<string, number>;
  /** thinking + redacted_thinking blocks of the body. */
  reasoningItems: number;
}

/** Every value below was read from the recorded bodies (vercel/ai fixtures, Apache-2.0). */
export const EXPECTED: Record<string, Expected> = {
  'anthropic-text.json': {
    text: "Hello! I'm doing well, thanks for asking. How are you doing today? Is there anything I can help you with?",
    toolCalls: [],
    finish: 'stop',
    usage: usage(12, 29),
    reasoningSummary: '',
    dropped: {},
    reasoningItems: 0,
  },
  'anthropic-claude-opus-5-reasoning-high.1.json': {
    text: {
      length: 2644,
      head: '## Step 1: Set up the problem\n\nWe want all values of $x$ sat',
      tail: 'l three relations hold, independently confirming the answer.',
      sha256: 'bf7cfc50962b1ea9',
    },
    toolCalls: [],
    finish: 'stop',
    usage: usage(51, 1699, 139),
    reasoningSummary:
      'I need to find all roots of this cubic polynomial and verify them. The Rational Root Theorem suggests ' +
      "checking factors of 6, and I can confirm that 1, 2, and 3 are indeed roots. I'll use synthetic division to " +
      'factor it as (x-1)(x-2)(x-3), then verify by expanding and confirm this accounts for all roots since a ' +
      'degree 3 polynomial has exactly 3 roots.',
    dropped: {},
    reasoningItems: 1,
  },
  'anthropic-clear-thinking.1.json': {
    text: '925 ÷ 5 = 185',
    toolCalls: [],
    finish: 'stop',
    // No output_tokens_details in this body: reasoning reads 0.
    usage: usage(69, 33),
    reasoningSummary: '925 divided by 5 = 185',
    dropped: {},
    reasoningItems: 1,
  },
  'anthropic-fallback.json': {
    text: 'The printing press was invented by Johannes Gutenberg around 1440.',
    toolCalls: [],
    finish: 'stop',
    usage: usage(412, 264),
    reasoningSummary: '',
    dropped: { fallback: 1 },
    reasoningItems: 0,
  },
  'anthropic-json-tool.1.json': {
    text: '',
    toolCalls: [
      {
        id: 'toolu_01Q9ExVZnzZj7E2QQYHYtNUa',
        name: 'json',
        arguments: {
          elements: [
            { location: 'San Francisco', temperature: -5, condition: 'snowy' },
            { location: 'London', temperature: 0, condition: 'snowy' },
            { location: 'Paris', temperature: 23, condition: 'cloudy' },
            { location: 'Berlin', temperature: -9, condition: 'snowy' },
          ],
        },
      },
    ],
    finish: 'tool_calls',
    usage: usage(1151, 87),
    reasoningSummary: '',
    dropped: {},
    reasoningItems: 0,
  },
  'anthropic-mcp.1.json': {
    text:
      'The echo tool responded back with: **"hello world"**\n\nAs expected, it simply echoes back the exact ' +
      'message that was sent to it!',
    toolCalls: [],
    finish: 'stop',
    usage: usage(1250, 88),
    reasoningSummary: '',
    dropped: { mcp_tool_use: 1, mcp_tool_result: 1 },
    reasoningItems: 0,
  },
  'anthropic-refusal.json': {
    text: '',
    toolCalls: [],
    finish: 'content_filter',
    usage: usage(18, 5),
    reasoningSummary: '',
    dropped: {},
    reasoningItems: 0,
  },
  'anthropic-tool-no-args.json': {
    text:
      '<thinking>\nThe updateIssueList tool was provided in the list of available functions. The tool has no ' +
      'required parameters, so it can be called without any additional information needed from the user.\n' +
      '</thinking>\n\nOkay, I will update the current issue list:',
    toolCalls: [{ id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', name: 'updateIssueList', arguments: {} }],
    finish: 'tool_calls',
    usage: usage(602, 93),
    reasoningSummary: '',
    dropped: {},
    reasoningItems: 0,
  },
  'anthropic-web-fetch-tool.1.json': {
    text: {
      length: 1716,
      head: "I'll fetch the Wikipedia page about Maglemosian culture to t",
      tail: 're and details about their material remains and way of life.',
      sha256: '27b57017eb590723',
    },
    toolCalls: [],
    finish: 'stop',
    usage: usage(4234, 462),
    reasoningSummary: '',
    dropped: { server_tool_use: 1, web_fetch_tool_result: 1 },
    reasoningItems: 0,
  },
  'anthropic-web-search-tool.1.json': {
    text: {
      length: 1874,
      head: 'Let me search for more specific tech news from today (Septem',
      tail: 'ther than specific breaking stories from September 26, 2024.',
      sha256: '0a1a1bd2432be476',
    },
    toolCalls: [],
    finish: 'stop',
    usage: usage(27118, 600),
    reasoningSummary: '',
    dropped: { server_tool_use: 2, web_search_tool_result: 2 },
    reasoningItems: 0,
  },
};
