/** Small decode helpers the JSON wires share (compat, Responses). */
import { LlmError } from '../llm-error.ts';

/** The raw body kept on a shape error is capped like an Api error body. */
const MAX_RAW_CHARS = 2_000;

/** A JSON object (not null, not an array): what a provider body or item must be before it is read. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One more of `kind` in a `dropped` map. The kind is the provider's `type` text, so it may be any
 * string, `__proto__` or `constructor` included: read and written as an own property only, never
 * through the prototype (a plain `counts[kind] ?? 0` reads Object.prototype for `__proto__` and loses
 * the count, or turns `constructor` into a function's source text in the log line).
 */
export function countKind(counts: Record<string, number>, kind: string): void {
  const current = Object.hasOwn(counts, kind) ? (counts[kind] ?? 0) : 0;
  Object.defineProperty(counts, kind, {
    value: current + 1,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

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
