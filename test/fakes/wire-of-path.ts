/** Which wire a request to the fake provider speaks, read from its path. */

/** `responses`: `POST {base}/responses`, shared by open_ai, xai, meta and perplexity Responses. */
export type WireKind = 'openai' | 'anthropic' | 'gemini' | 'responses';

export function wireOfPath(path: string): WireKind {
  if (path.endsWith('/chat/completions')) return 'openai';
  if (path.endsWith('/messages')) return 'anthropic';
  if (path.endsWith('/responses')) return 'responses';
  return 'gemini';
}
