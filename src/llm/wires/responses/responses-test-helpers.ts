/** Test-only: the recorded Responses bodies (imported by *.test.ts only). */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('./__fixtures__/openai-responses/', import.meta.url);

export function responsesFixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function responsesFixture(
  name: string,
): Record<string, unknown> & { output: Record<string, unknown>[] } {
  return JSON.parse(responsesFixtureText(name)) as Record<string, unknown> & {
    output: Record<string, unknown>[];
  };
}

/** A minimal completed body around the given output items. */
export function body(output: unknown[], fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'completed',
    output,
    usage: { input_tokens: 10, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 } },
    ...fields,
  };
}

export function textMessage(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
    ...extra,
  };
}

export function functionCall(
  callId: string,
  name: string,
  args: string,
  id = `fc_${callId}`,
): Record<string, unknown> {
  return { type: 'function_call', id, call_id: callId, name, arguments: args, status: 'completed' };
}
