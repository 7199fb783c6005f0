/** Test-only: the short request and the sample tool the wire golden tests share. */
import type { ChatRequest, ToolSpec } from '../canonical.ts';

/** A short request (below any cache minimum) with the given fields replaced. */
export function request(fields: Partial<ChatRequest> = {}): ChatRequest {
  return {
    system: { stable: 'あなたはザリです。', volatile: '' },
    messages: [{ role: 'user', content: 'こんにちは' }],
    tools: [],
    toolChoice: 'auto',
    effort: null,
    temperature: null,
    maxOutputTokens: 8192,
    ...fields,
  };
}

export const LIST_FILES: ToolSpec = {
  name: 'list_files',
  description: 'List the files of the work folder.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};
