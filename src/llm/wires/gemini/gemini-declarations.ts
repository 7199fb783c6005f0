/**
 * ToolSpecs -> `functionDeclarations`, and the tools Gemini cannot take.
 *
 * A refused tool is left out of the request rather than failing the turn (issue 17 §6): one MCP
 * server with one odd schema must not stop a Gemini agent that has twenty other tools, and a schema
 * Gemini refuses would otherwise answer 400 to every request of that agent. The backend logs each
 * refusal once with the tool's name and the reason (http-backend.ts), so the person can turn the
 * tool off for that servant or fix the server.
 */
import { boundedText } from '../../../domain/chars.ts';
import type { ToolSpec } from '../../canonical.ts';
import type { ToolRefusal } from '../wire.ts';
import { toGeminiSchema } from './gemini-schema.ts';
import { GeminiSchemaRefusal } from './gemini-schema-refusal.ts';
import { inlineLocalRefs } from './gemini-schema-refs.ts';
import { geminiParametersViolations } from './gemini-schema-rules.ts';
import { isRecord, type Schema } from './gemini-schema-node.ts';

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: Record<string, unknown>;
}

type Conversion = { parameters: Schema | undefined } | { refused: string };

/** Reasons are read by people and written into the log: one line, bounded. */
const REASON_CHARS = 300;

/**
 * `parameters` of one declaration: undefined when the tool takes no arguments (Gemini answers 400
 * "properties: should be non-empty for OBJECT type" to an empty object schema). Throws
 * GeminiSchemaRefusal when Gemini cannot take the schema.
 */
export function toGeminiParameters(schema: Record<string, unknown>): Schema | undefined {
  const inlined = inlineLocalRefs(schema);
  // MCP requires `type: "object"`; a root without any type word means the same.
  const root: Schema = isRecord(inlined) ? { ...inlined } : {};
  if (!['type', 'anyOf', 'oneOf', 'allOf'].some((k) => root[k] !== undefined)) root.type = 'object';
  let converted = toGeminiSchema(root);
  if (Array.isArray(converted.anyOf)) converted = mergeObjectChoice(converted);
  delete converted.nullable;
  if (converted.type !== 'OBJECT') {
    throw new GeminiSchemaRefusal('its arguments are not described as an object');
  }
  const props = converted.properties;
  if (!isRecord(props) || Object.keys(props).length === 0) return undefined;
  const violations = geminiParametersViolations(converted);
  if (violations.length > 0) {
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
    throw new GeminiSchemaRefusal(`its schema breaks Gemini's rules: ${violations[0]}${more}`);
  }
  return converted;
}

/**
 * Arguments that are one of several objects (a root `anyOf`): Gemini wants one object, so it gets
 * every property of every choice, required only when all choices require it.
 */
function mergeObjectChoice(choice: Schema): Schema {
  const members = (choice.anyOf as unknown[]).filter(isRecord);
  if (members.length === 0 || !members.every((m) => m.type === 'OBJECT')) return choice;
  const properties: Schema = {};
  for (const m of members) {
    for (const [name, sub] of Object.entries(isRecord(m.properties) ? m.properties : {})) {
      if (!Object.hasOwn(properties, name)) properties[name] = sub;
    }
  }
  const requiredBy = (m: Schema) => (Array.isArray(m.required) ? m.required : []);
  const required = requiredBy(members[0]!).filter((name) =>
    members.every((m) => requiredBy(m).includes(name)),
  );
  const out: Schema = { type: 'OBJECT' };
  if (typeof choice.description === 'string') out.description = choice.description;
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.length > 0) out.required = required;
  return out;
}

/** Tool lists repeat every round: each schema object is converted once. */
const conversions = new WeakMap<object, Conversion>();

function convert(tool: ToolSpec): Conversion {
  const cached = conversions.get(tool.parameters);
  if (cached) return cached;
  let result: Conversion;
  try {
    result = { parameters: toGeminiParameters(tool.parameters) };
  } catch (error) {
    // Only a refusal is expected here; anything else is a bug and must surface.
    if (!(error instanceof GeminiSchemaRefusal)) throw error;
    result = { refused: boundedText(error.message, REASON_CHARS) };
  }
  conversions.set(tool.parameters, result);
  return result;
}

export function geminiFunctionDeclarations(tools: readonly ToolSpec[]): GeminiFunctionDeclaration[] {
  return tools.flatMap((tool) => {
    const result = convert(tool);
    if ('refused' in result) return [];
    const declaration: GeminiFunctionDeclaration = { name: tool.name, description: tool.description };
    if (result.parameters !== undefined) declaration.parameters = result.parameters;
    return [declaration];
  });
}

/** The tools `geminiFunctionDeclarations` leaves out, with the reason for each. */
export function geminiToolRefusals(tools: readonly ToolSpec[]): ToolRefusal[] {
  return tools.flatMap((tool) => {
    const result = convert(tool);
    return 'refused' in result ? [{ tool: tool.name, reason: result.refused }] : [];
  });
}
