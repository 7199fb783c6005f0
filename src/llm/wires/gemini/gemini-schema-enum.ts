/**
 * `enum` / `const` values -> what Gemini accepts. Gemini's `enum` holds strings and belongs to STRING
 * schemas; MCP tool schemas often list numbers or booleans (`enum: [1, 2, 3]`, `const: true`), and
 * sending those as is answers 400 to every request of the agent. So (issue 17 §6):
 * - string values on a string schema stay an enum;
 * - anything else keeps its real type, loses the enum, and the allowed values are written into the
 *   description, where the model still reads them (a string enum for a number would make the model
 *   send "1" where the server checks for 1).
 */
import { boundedText } from '../../../domain/chars.ts';
import type { GeminiType } from './gemini-schema-rules.ts';

/** How many values the description lists, and how long one may be. */
const LISTED_VALUES = 40;
const VALUE_CHARS = 60;

interface EnumReading {
  /** The enum to send: strings only, and only for a STRING schema. */
  enum?: string[];
  /** A sentence for the description when the values cannot all be an enum. */
  note?: string;
  /** With no declared type: the types the values have (several become an anyOf). */
  inferred: GeminiType[];
}

function kindOf(value: unknown): GeminiType | null {
  if (typeof value === 'string') return 'STRING';
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (typeof value === 'number') return Number.isInteger(value) ? 'INTEGER' : 'NUMBER';
  if (Array.isArray(value)) return 'ARRAY';
  if (typeof value === 'object' && value !== null) return 'OBJECT';
  return null;
}

/** "Must be 5." / "Allowed values: 1, 2, 3." — bounded: a schema is written by someone else. */
function allowedValuesNote(values: readonly unknown[]): string {
  const shown = values
    .slice(0, LISTED_VALUES)
    .map((v) => boundedText(JSON.stringify(v) ?? String(v), VALUE_CHARS));
  const more = values.length > LISTED_VALUES ? ` (and ${values.length - LISTED_VALUES} more)` : '';
  if (values.length === 0) return 'No value is allowed.';
  return values.length === 1 ? `Must be ${shown[0]}.` : `Allowed values: ${shown.join(', ')}${more}.`;
}

/** The values (nulls already taken out as `nullable`) read against the declared type, if any. */
export function readEnum(values: readonly unknown[], type: GeminiType | null): EnumReading {
  const strings = [...new Set(values.filter((v): v is string => typeof v === 'string'))];
  if (type === 'STRING') {
    // A non-string value can never pass a string schema: leaving it out loses nothing.
    return strings.length > 0
      ? { enum: strings, inferred: [] }
      : { note: allowedValuesNote(values), inferred: [] };
  }
  if (type !== null) return { note: allowedValuesNote(values), inferred: [] };

  const kinds = new Set(values.map(kindOf).filter((k): k is GeminiType => k !== null));
  // 1 and 1.5 together are NUMBER, not a choice between INTEGER and NUMBER.
  if (kinds.has('NUMBER')) kinds.delete('INTEGER');
  const inferred = [...kinds];
  if (inferred.length === 1 && inferred[0] === 'STRING') return { enum: strings, inferred };
  return {
    ...(strings.length > 0 ? { enum: strings } : {}),
    note: allowedValuesNote(values),
    inferred,
  };
}
