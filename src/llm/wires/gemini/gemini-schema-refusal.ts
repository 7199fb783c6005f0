import { boundedText } from '../../../domain/chars.ts';

/**
 * A tool schema Gemini cannot take. Thrown by the schema conversion and caught per tool: the tool is
 * not offered to the Gemini agent, and the reason names what in the schema was the obstacle.
 */
export class GeminiSchemaRefusal extends Error {
  override name = 'GeminiSchemaRefusal';
}

/** Quoted and cut: a schema is written by an MCP server, so its strings are bounded before echoing. */
export function quoteBounded(text: string, max = 120): string {
  return JSON.stringify(boundedText(text, max));
}
