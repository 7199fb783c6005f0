/**
 * Gemini's `Schema` object (the OpenAPI 3.0 subset of `functionDeclarations[].parameters`) as rules:
 * the field list of the API reference (ai.google.dev `Schema`, the @google/genai `Schema` type) and
 * the checks the API answers 400 to.
 *
 * Used twice: by the conversion, as the last check before a declaration is sent (a tool whose schema
 * still breaks a rule is refused, not sent to fail every request of the agent), and by the tests that
 * run every tool schema of real MCP servers through the conversion.
 */
import { isRecord, type Schema } from './gemini-schema-node.ts';

/** The `Type` enum (TYPE_UNSPECIFIED is never sent: Gemini 3 refuses it). */
const GEMINI_TYPES = ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'] as const;
export type GeminiType = (typeof GEMINI_TYPES)[number];

/** The `Schema` fields Gemini knows: the allowlist behind every key the conversion may write. */
export const GEMINI_SCHEMA_KEYS = [
  'type',
  'nullable',
  'format',
  'title',
  'description',
  'enum',
  'properties',
  'required',
  'propertyOrdering',
  'items',
  'anyOf',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
] as const;

const KEYS: ReadonlySet<string> = new Set(GEMINI_SCHEMA_KEYS);

/** Formats with a meaning per type (`format: "enum"` only beside an enum); any other is refused. */
export const GEMINI_FORMATS: Record<GeminiType, readonly string[]> = {
  STRING: ['enum', 'date-time'],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
  BOOLEAN: [],
  ARRAY: [],
  OBJECT: [],
  NULL: [],
};

/** Fields that belong to one family of types ("properties: only allowed for OBJECT type"). */
const ONLY_FOR: Record<string, readonly GeminiType[]> = {
  properties: ['OBJECT'],
  required: ['OBJECT'],
  propertyOrdering: ['OBJECT'],
  minProperties: ['OBJECT'],
  maxProperties: ['OBJECT'],
  items: ['ARRAY'],
  minItems: ['ARRAY'],
  maxItems: ['ARRAY'],
  enum: ['STRING'],
  minLength: ['STRING'],
  maxLength: ['STRING'],
  pattern: ['STRING'],
  minimum: ['NUMBER', 'INTEGER'],
  maximum: ['NUMBER', 'INTEGER'],
};

/** A non-negative int64 value: a JSON number or the decimal string proto3 JSON also accepts. */
export function isInt64Value(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^\d+$/.test(value))
  );
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** int64 fields: a JSON number or the decimal string proto3 JSON also accepts. */
const INT64_FIELDS = ['minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength'];

export function isGeminiType(value: unknown): value is GeminiType {
  return typeof value === 'string' && (GEMINI_TYPES as readonly string[]).includes(value);
}

/** Every rule `parameters` breaks, as `path: what` lines (Gemini's own path style); [] when valid. */
export function geminiParametersViolations(parameters: unknown): string[] {
  const out: string[] = [];
  if (isRecord(parameters)) {
    // "parameters.properties: should be non-empty for OBJECT type".
    if (parameters.type !== 'OBJECT') out.push('parameters.type: must be OBJECT');
    const props = parameters.properties;
    if (!isRecord(props) || Object.keys(props).length === 0) {
      out.push('parameters.properties: should be non-empty for OBJECT type');
    }
  }
  checkNode(parameters, 'parameters', out);
  return out;
}

function checkNode(node: unknown, path: string, out: string[]): void {
  if (!isRecord(node)) {
    out.push(`${path}: is not a schema object`);
    return;
  }
  for (const key of Object.keys(node)) if (!KEYS.has(key)) out.push(`${path}.${key}: not a Schema field`);
  const type = node.type;
  if (type !== undefined && !isGeminiType(type)) {
    out.push(`${path}.type: ${JSON.stringify(type)} is not one of ${GEMINI_TYPES.join('/')}`);
  }
  if (type === undefined && node.anyOf === undefined) {
    out.push(`${path}.type: must be specified when not using anyOf`);
  }
  if (type !== undefined && node.anyOf !== undefined) out.push(`${path}: type and anyOf are both set`);
  const gType = isGeminiType(type) ? type : null;

  for (const [field, types] of Object.entries(ONLY_FOR)) {
    if (node[field] !== undefined && (gType === null || !types.includes(gType))) {
      out.push(`${path}.${field}: only allowed for ${types.join('/')} type`);
    }
  }
  checkScalars(node, path, gType, out);

  if (node.anyOf !== undefined) {
    if (!Array.isArray(node.anyOf) || node.anyOf.length === 0)
      out.push(`${path}.anyOf: must be a non-empty list`);
    else node.anyOf.forEach((member, i) => checkNode(member, `${path}.anyOf[${i}]`, out));
  }
  if (gType === 'ARRAY') {
    if (node.items === undefined) out.push(`${path}.items: missing field`);
    else checkNode(node.items, `${path}.items`, out);
  }
  checkObjectFields(node, path, out);
}

function checkScalars(node: Schema, path: string, gType: GeminiType | null, out: string[]): void {
  for (const field of ['title', 'description', 'pattern']) {
    if (node[field] !== undefined && typeof node[field] !== 'string')
      out.push(`${path}.${field}: must be a string`);
  }
  if (node.nullable !== undefined && typeof node.nullable !== 'boolean') {
    out.push(`${path}.nullable: must be a boolean`);
  }
  if (node.enum !== undefined) {
    const values = node.enum;
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
      out.push(`${path}.enum: must be a non-empty list of strings`);
    }
  }
  if (node.format !== undefined) {
    const allowed = gType === null ? [] : GEMINI_FORMATS[gType];
    if (typeof node.format !== 'string' || !allowed.includes(node.format)) {
      out.push(`${path}.format: ${JSON.stringify(node.format)} is not a format of ${gType ?? 'this'} type`);
    } else if (node.format === 'enum' && node.enum === undefined) {
      out.push(`${path}.format: "enum" needs an enum`);
    }
  }
  for (const field of INT64_FIELDS) {
    const value = node[field];
    if (value === undefined) continue;
    if (!isInt64Value(value)) out.push(`${path}.${field}: must be a non-negative integer`);
  }
  for (const field of ['minimum', 'maximum']) {
    const value = node[field];
    if (value !== undefined && !isFiniteNumber(value)) {
      out.push(`${path}.${field}: must be a number`);
    }
  }
}

function checkObjectFields(node: Schema, path: string, out: string[]): void {
  const props = node.properties;
  if (props !== undefined) {
    if (!isRecord(props)) out.push(`${path}.properties: must be a map of schemas`);
    else for (const [name, sub] of Object.entries(props)) checkNode(sub, `${path}.properties[${name}]`, out);
  }
  const names = new Set(isRecord(props) ? Object.keys(props) : []);
  for (const field of ['required', 'propertyOrdering']) {
    const list = node[field];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.every((n) => typeof n === 'string')) {
      out.push(`${path}.${field}: must be a list of property names`);
      continue;
    }
    for (const name of list) {
      if (!names.has(name)) out.push(`${path}.${field}: property ${JSON.stringify(name)} is not defined`);
    }
    if (new Set(list).size !== list.length) out.push(`${path}.${field}: names a property twice`);
  }
}
