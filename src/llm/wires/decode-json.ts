/** Small decode helpers the JSON wires share (compat, Responses). */
import { LlmError } from '../llm-error.ts';

/** The raw body kept on a shape error is capped like an Api error body. */
const MAX_RAW_CHARS = 2_000;

/** A body as capped text for `LlmError('parse').raw`. */
export function rawOf(body: unknown): string {
  try {
    return (JSON.stringify(body) ?? String(body)).slice(0, MAX_RAW_CHARS);
  } catch {
    return String(body).slice(0, MAX_RAW_CHARS);
  }
}

/**
 * Tool-call arguments sent as a JSON string, parsed once. "" reads as {} (some servers send it for a
 * call without arguments); anything that is not a JSON object is LlmError('parse').
 */
export function parseArguments(raw: string, name: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    throw new LlmError({ kind: 'parse', raw }, `tool call ${name} has arguments that are not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LlmError({ kind: 'parse', raw }, `tool call ${name} has arguments that are not a JSON object`);
  }
  return value as Record<string, unknown>;
}
