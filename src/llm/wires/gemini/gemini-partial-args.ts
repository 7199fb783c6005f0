/**
 * Streamed function-call arguments (`functionCall.partialArgs`, sent when the request asks for
 * `streamFunctionCallArguments` and by some Gemini 3 models on their own): each piece names one leaf by
 * a JSON path (`$.location`, `$.recipe.ingredients[0].name`) and gives its value. The first piece of a
 * path sets the leaf; a later `stringValue` for the same path continues that string (a value that
 * `willContinue` arrives in several pieces, the last one often ""). The result is the `args` object
 * the whole response would carry for the same call.
 */
import { LlmError } from '../../llm-error.ts';
import { isJsonObject } from '../decode-json.ts';

type Segment = string | number;

/**
 * `$.a.b[0]['c.d']` -> ["a", "b", 0, "c.d"]; null when the path is not of that form (a provider
 * path we cannot place must fail loudly, never drop an argument).
 */
export function parseArgPath(path: string): Segment[] | null {
  if (!path.startsWith('$')) return null;
  const segments: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      const match = /^[^.[\]]+/.exec(path.slice(i + 1));
      if (match === null) return null;
      segments.push(match[0]);
      i += 1 + match[0].length;
    } else if (ch === '[') {
      const index = /^\[(\d+)\]/.exec(path.slice(i));
      if (index !== null) {
        segments.push(Number(index[1]));
        i += index[0].length;
        continue;
      }
      const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(path.slice(i));
      if (quoted === null) return null;
      segments.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
      i += quoted[0].length;
    } else {
      return null;
    }
  }
  return segments.length === 0 ? null : segments;
}

/**
 * Own data properties only: a key named `__proto__` or `constructor` in the model's arguments is
 * a plain key (as JSON.parse makes it), never a prototype write.
 */
function setOwn(target: Record<string | number, unknown>, key: Segment, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function getOwn(target: unknown, key: Segment): unknown {
  if (typeof target !== 'object' || target === null) return undefined;
  return Object.hasOwn(target, key) ? (target as Record<Segment, unknown>)[key] : undefined;
}

/** The value one piece gives, or undefined when it gives none (a bare marker). */
function pieceValue(piece: Record<string, unknown>): { value: unknown } | undefined {
  for (const key of ['stringValue', 'numberValue', 'boolValue'] as const) {
    if (piece[key] != null) return { value: piece[key] };
  }
  if ('nullValue' in piece) return { value: null };
  return undefined;
}

export class PartialArgs {
  readonly args: Record<string, unknown> = {};

  /** Applies one `partialArgs` array; throws LlmError('parse') on a piece it cannot place. */
  apply(pieces: unknown): void {
    if (!Array.isArray(pieces)) throw this.error('partialArgs is not an array', pieces);
    for (const piece of pieces) {
      if (!isJsonObject(piece) || typeof piece.jsonPath !== 'string') {
        throw this.error('a partialArgs piece without a jsonPath', piece);
      }
      const path = parseArgPath(piece.jsonPath);
      if (path === null) throw this.error(`an unreadable partialArgs jsonPath`, piece);
      const given = pieceValue(piece);
      if (given === undefined) continue;
      this.place(path, given.value);
    }
  }

  private place(path: Segment[], value: unknown): void {
    let container: Record<Segment, unknown> = this.args;
    for (let i = 0; i < path.length - 1; i += 1) {
      const key = path[i] as Segment;
      let next = getOwn(container, key);
      if (typeof next !== 'object' || next === null) {
        next = typeof path[i + 1] === 'number' ? [] : {};
        setOwn(container, key, next);
      }
      container = next as Record<Segment, unknown>;
    }
    const leaf = path[path.length - 1] as Segment;
    const existing = getOwn(container, leaf);
    // A string that arrives in pieces: the first piece set it, the next ones continue it.
    if (typeof existing === 'string' && typeof value === 'string') setOwn(container, leaf, existing + value);
    else setOwn(container, leaf, value);
  }

  private error(message: string, piece: unknown): LlmError {
    return new LlmError(
      { kind: 'parse', raw: JSON.stringify(piece)?.slice(0, 2_000) ?? '' },
      `gemini: ${message}`,
    );
  }
}
