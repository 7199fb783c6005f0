/**
 * JSON Schema -> the OpenAPI 3.0 subset `functionDeclarations[].parameters` accepts (ledger part 6,
 * gemini_native.schema_subset). Unknown keys ($schema, additionalProperties, exclusiveMinimum, ...)
 * are not ignored by Gemini but answered with 400 `Unknown name "..."`, and MCP servers write
 * arbitrary schemas, so keys are kept by ALLOWLIST (gemini-schema-rules.ts), never removed by denylist.
 *
 * Meaning-preserving rewrites: `const` -> an enum; a type array -> one type + `nullable` (several
 * non-null types -> `anyOf` of single types, each with the keywords of its type); `anyOf` members
 * `{type:"null"}` and a `null` among the values -> `nullable`; `oneOf` -> `anyOf`; `allOf` merged into
 * one schema; keywords beside an `anyOf` moved into each member (Gemini refuses `type` and `anyOf`
 * together, and "properties: only allowed for OBJECT type"); types written as Gemini's `Type` names.
 * Non-string values: gemini-schema-enum.ts. `$ref`: inlined first (gemini-schema-refs.ts).
 *
 * Where Gemini has no form for a schema, the conversion narrows it to a form whose every value the
 * original also accepts (the server keeps accepting what the model sends): a node without any type
 * ("any value", `true`) becomes STRING; an array without item schema gets STRING items; a tuple's
 * items become the `anyOf` of its members.
 */
import { readEnum } from './gemini-schema-enum.ts';
import { MAX_SCHEMA_DEPTH, tooDeep } from './gemini-schema-refs.ts';
import {
  GEMINI_FORMATS,
  isFiniteNumber,
  isGeminiType,
  isInt64Value,
  type GeminiType,
} from './gemini-schema-rules.ts';
import { isRecord, type Schema } from './gemini-schema-node.ts';

/** Keywords that describe a value without constraining its type; they stay on an anyOf parent. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'example', 'nullable']);

const HINTS: [GeminiType, readonly string[]][] = [
  [
    'OBJECT',
    ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties'],
  ],
  ['ARRAY', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains']],
  ['STRING', ['minLength', 'maxLength', 'pattern', 'format']],
  ['NUMBER', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

/** One schema node (refs already inlined). Throws GeminiSchemaRefusal past the depth limit. */
export function toGeminiSchema(input: unknown, depth = 0): Schema {
  if (depth > MAX_SCHEMA_DEPTH) throw tooDeep();
  // `true` or anything unreadable: any value, narrowed to text.
  if (!isRecord(input)) return { type: 'STRING' };
  return emit(normalize(input, depth), depth);
}

/** Both schemas' constraints at once (allOf): properties merged, `required` united, `a` first. */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...b, ...a };
  if (isRecord(a.properties) && isRecord(b.properties)) {
    const props: Schema = { ...a.properties };
    for (const [name, sub] of Object.entries(b.properties)) {
      props[name] = Object.hasOwn(a.properties, name) ? { allOf: [a.properties[name], sub] } : sub;
    }
    out.properties = props;
  }
  if (Array.isArray(a.required) && Array.isArray(b.required)) {
    out.required = [...new Set([...a.required, ...b.required])];
  }
  return out;
}

const isNullOnly = (m: Schema) =>
  m.type === 'null' ||
  m.const === null ||
  (Array.isArray(m.enum) && m.enum.length === 1 && m.enum[0] === null);

/** JSON-Schema-level rewrites: afterwards `type` is one name or absent, and `enum` holds the values. */
function normalize(input: Schema, depth: number): Schema {
  if (depth > MAX_SCHEMA_DEPTH) throw tooDeep();
  let s: Schema = { ...input };
  for (let rounds = 0; Array.isArray(s.allOf) && rounds < MAX_SCHEMA_DEPTH; rounds += 1) {
    const members = s.allOf.filter(isRecord);
    delete s.allOf;
    for (const member of members) s = mergeSchemas(s, member);
  }
  delete s.allOf;
  if (s.anyOf === undefined && Array.isArray(s.oneOf)) s.anyOf = s.oneOf;
  delete s.oneOf;

  if (s.const !== undefined) s.enum = [s.const];
  delete s.const;
  if (Array.isArray(s.enum) && s.enum.includes(null)) {
    s.enum = s.enum.filter((v) => v !== null);
    s.nullable = true;
    if ((s.enum as unknown[]).length === 0) {
      delete s.enum;
      s.type = 'null';
    }
  }
  if (!Array.isArray(s.enum)) delete s.enum;

  if (Array.isArray(s.type)) {
    const types = [...new Set(s.type.filter((t): t is string => typeof t === 'string'))];
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length < types.length) s.nullable = true;
    if (nonNull.length <= 1) s.type = nonNull[0] ?? 'null';
    else {
      delete s.type;
      // Each member then receives the keywords of its own type from the parent (below).
      if (s.anyOf === undefined) s.anyOf = nonNull.map((t) => ({ type: t }));
    }
  } else if (typeof s.type !== 'string') delete s.type;

  if (Array.isArray(s.anyOf)) return normalizeAnyOf(s, depth);
  return s;
}

function normalizeAnyOf(s: Schema, depth: number): Schema {
  const members = (s.anyOf as unknown[]).map((m) => (m === true ? {} : m)).filter(isRecord);
  delete s.anyOf;
  const nonNull = members.filter((m) => !isNullOnly(m));
  if (nonNull.length < members.length) s.nullable = true;
  // A member that accepts anything makes the whole choice accept anything.
  if (nonNull.length === 0 || nonNull.some((m) => Object.keys(m).every((k) => ANNOTATIONS.has(k)))) {
    if (nonNull.length === 0 && s.type === undefined) s.type = 'null';
    return s;
  }
  if (nonNull.length === 1) return normalize(mergeSchemas(s, nonNull[0]!), depth + 1);
  // The parent's constraints hold for every member: move them in, keep only annotations outside.
  const shared: Schema = {};
  for (const [key, value] of Object.entries(s)) {
    if (ANNOTATIONS.has(key)) continue;
    shared[key] = value;
    delete s[key];
  }
  s.anyOf = nonNull.map((m) => mergeSchemas(m, shared));
  return s;
}

function typeName(s: Schema): GeminiType | null {
  const upper = typeof s.type === 'string' ? s.type.toUpperCase() : null;
  return isGeminiType(upper) ? upper : null;
}

/** A type from the keywords present; none at all is "any value", narrowed to STRING. */
function inferType(s: Schema): GeminiType {
  for (const [type, keys] of HINTS) if (keys.some((k) => s[k] !== undefined)) return type;
  return 'STRING';
}

const nonNegativeInt = (value: unknown) => (isInt64Value(value) ? value : undefined);
const finite = (value: unknown) => (isFiniteNumber(value) ? value : undefined);

/** The Gemini node, keys in a fixed order (JSON.stringify keeps it: stable request bytes). */
function emit(s: Schema, depth: number): Schema {
  let type = typeName(s);
  let anyOf: Schema[] | undefined = Array.isArray(s.anyOf)
    ? s.anyOf.map((m) => toGeminiSchema(m, depth + 1))
    : undefined;
  let values: string[] | undefined;
  let note: string | undefined;
  if (anyOf === undefined && Array.isArray(s.enum)) {
    const reading = readEnum(s.enum, type);
    values = reading.enum;
    note = reading.note;
    if (type === null && reading.inferred.length === 1) type = reading.inferred[0]!;
    else if (type === null && reading.inferred.length > 1) {
      anyOf = reading.inferred.map((k) => enumMember(k, reading.enum));
      values = undefined;
    }
  }
  if (anyOf === undefined && type === null) type = inferType(s);

  const out: Schema = {};
  if (type !== null) out.type = type;
  if (s.nullable === true) out.nullable = true;
  const format = s.format;
  if (type !== null && typeof format === 'string' && GEMINI_FORMATS[type].includes(format)) {
    if (format !== 'enum' || values !== undefined) out.format = format;
  }
  if (typeof s.title === 'string') out.title = s.title;
  const description = describe(typeof s.description === 'string' ? s.description : '', note);
  if (description !== '') out.description = description;
  if (values !== undefined && type === 'STRING') out.enum = values;
  if (type === 'OBJECT') Object.assign(out, objectFields(s, depth));
  if (type === 'ARRAY') out.items = itemsOf(s, depth);
  if (anyOf !== undefined) out.anyOf = anyOf;
  Object.assign(out, limits(s, type));
  if (s.default !== undefined) out.default = s.default;
  if (s.example !== undefined) out.example = s.example;
  return out;
}

/** The schema's own description, then the note on allowed values as a sentence of its own. */
function describe(description: string, note: string | undefined): string {
  if (note === undefined) return description;
  if (description.trim() === '') return note;
  return /[.!?。！？]\s*$/.test(description) ? `${description} ${note}` : `${description}. ${note}`;
}

function enumMember(kind: GeminiType, strings: string[] | undefined): Schema {
  if (kind === 'STRING' && strings !== undefined) return { type: 'STRING', enum: strings };
  if (kind === 'ARRAY') return { type: 'ARRAY', items: { type: 'STRING' } };
  return { type: kind };
}

function objectFields(s: Schema, depth: number): Schema {
  const out: Schema = {};
  if (!isRecord(s.properties)) return out;
  // fromEntries defines own properties, so even a property named "__proto__" survives; a `false`
  // property may never be present, so it is not offered at all.
  const entries = Object.entries(s.properties).filter(([, sub]) => sub !== false);
  if (entries.length === 0) return out;
  out.properties = Object.fromEntries(entries.map(([name, sub]) => [name, toGeminiSchema(sub, depth + 1)]));
  const names = new Set(entries.map(([name]) => name));
  for (const field of ['required', 'propertyOrdering']) {
    const list = s[field];
    if (!Array.isArray(list)) continue;
    const kept = [...new Set(list.filter((n): n is string => typeof n === 'string' && names.has(n)))];
    if (kept.length > 0) out[field] = kept;
  }
  return out;
}

/** `items`; a tuple (`items: [...]`, `prefixItems`) has no OpenAPI 3.0 form: any of its members. */
function itemsOf(s: Schema, depth: number): Schema {
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : null;
  if (tuple !== null) {
    const rest = Array.isArray(s.prefixItems) && (isRecord(s.items) || s.items === true) ? [s.items] : [];
    const members = [...tuple, ...rest];
    if (members.length === 0) return { type: 'STRING' };
    return toGeminiSchema(members.length === 1 ? members[0] : { anyOf: members }, depth + 1);
  }
  return toGeminiSchema(s.items, depth + 1);
}

function limits(s: Schema, type: GeminiType | null): Schema {
  const out: Schema = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  if (type === 'ARRAY') {
    put('minItems', nonNegativeInt(s.minItems));
    put('maxItems', nonNegativeInt(s.maxItems));
  }
  if (type === 'OBJECT') {
    put('minProperties', nonNegativeInt(s.minProperties));
    put('maxProperties', nonNegativeInt(s.maxProperties));
  }
  if (type === 'STRING') {
    put('minLength', nonNegativeInt(s.minLength));
    put('maxLength', nonNegativeInt(s.maxLength));
    if (typeof s.pattern === 'string') out.pattern = s.pattern;
  }
  if (type === 'NUMBER' || type === 'INTEGER') {
    put('minimum', finite(s.minimum));
    put('maximum', finite(s.maximum));
  }
  return out;
}
