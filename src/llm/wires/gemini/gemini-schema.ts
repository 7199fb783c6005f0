/**
 * JSON Schema -> the OpenAPI 3.0 subset `functionDeclarations[].parameters` accepts (ledger part 6,
 * gemini_native.schema_subset). Unknown keys ($schema, additionalProperties, exclusiveMinimum, ...)
 * are not ignored by Gemini but answered with 400 `Unknown name "..."`, and MCP servers write
 * arbitrary schemas, so keys are kept by ALLOWLIST, never removed by denylist.
 *
 * Meaning-preserving rewrites: `const` -> `enum: [const]`; a type array -> one type + `nullable`
 * (several non-null types -> `anyOf` of single types); `anyOf` members `{type:"null"}` and a `null`
 * inside `enum` -> `nullable`.
 * `$ref` / `$defs` are NOT resolved: they are dropped and the resulting 400 surfaces as is.
 */

type Schema = Record<string, unknown>;

/**
 * The Gemini API `Schema` fields (ai.google.dev/api/caching#Schema), in the order we emit them.
 * `properties`, `items` and `anyOf` hold sub-schemas and are converted recursively.
 */
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

/** Keys a lone non-null `anyOf` member lends to its parent (the allowlist plus `const`). */
const MERGED_KEYS: readonly string[] = [...GEMINI_SCHEMA_KEYS, 'const'];

/** Formats Gemini gives meaning to; any other value (uri, email, uuid, ...) is dropped. */
const KEPT_FORMATS = new Set(['enum', 'date-time', 'float', 'double', 'int32', 'int64']);

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One schema node. A boolean schema (`true`) or anything unreadable becomes `{}` (any value). */
export function toGeminiSchema(input: unknown): Schema {
  if (!isRecord(input)) return {};
  const source: Schema = { ...input };
  const out: Schema = {};

  applyTypeRewrites(source);
  if (source.const !== undefined) source.enum = [source.const];
  if (Array.isArray(source.enum) && source.enum.includes(null)) {
    source.enum = source.enum.filter((v) => v !== null);
    source.nullable = true;
  }

  for (const key of GEMINI_SCHEMA_KEYS) {
    const value = source[key];
    if (value === undefined) continue;
    const converted = convertKey(key, value);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

/** `type: ["string","null"]` and `anyOf: [..., {type:"null"}]` -> a single type plus `nullable`. */
function applyTypeRewrites(source: Schema): void {
  if (Array.isArray(source.type)) {
    const types = source.type.filter((t): t is string => typeof t === 'string');
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length < types.length) source.nullable = true;
    if (nonNull.length === 1) source.type = nonNull[0];
    else if (nonNull.length === 0) source.type = 'null';
    else {
      delete source.type;
      if (source.anyOf === undefined) source.anyOf = nonNull.map((t) => ({ type: t }));
    }
  }
  if (Array.isArray(source.anyOf)) {
    const members = source.anyOf.filter(
      (m) => !(isRecord(m) && m.type === 'null' && Object.keys(m).length === 1),
    );
    if (members.length < source.anyOf.length) {
      source.nullable = true;
      const only = members[0];
      if (members.length === 1 && isRecord(only)) {
        delete source.anyOf;
        const inner = { ...only };
        applyTypeRewrites(inner);
        for (const key of MERGED_KEYS)
          if (source[key] === undefined && inner[key] !== undefined) source[key] = inner[key];
      } else source.anyOf = members;
    }
  }
}

function convertKey(key: (typeof GEMINI_SCHEMA_KEYS)[number], value: unknown): unknown {
  switch (key) {
    case 'properties': {
      // fromEntries defines own properties, so even a property named "__proto__" survives.
      if (!isRecord(value)) return undefined;
      return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toGeminiSchema(sub)]));
    }
    case 'items':
      // A tuple (`items: [...]`) has no OpenAPI 3.0 form: dropped.
      return isRecord(value) || value === true ? toGeminiSchema(value) : undefined;
    case 'anyOf':
      return Array.isArray(value) ? value.map(toGeminiSchema) : undefined;
    case 'format':
      return typeof value === 'string' && KEPT_FORMATS.has(value) ? value : undefined;
    case 'type':
      return typeof value === 'string' ? value : undefined;
    case 'nullable':
      return value === true ? true : undefined;
    case 'enum':
    case 'required':
    case 'propertyOrdering':
      return Array.isArray(value) ? value : undefined;
    default:
      return value;
  }
}

/**
 * `parameters` of one function declaration, or undefined when the tool takes no arguments (Gemini
 * answers 400 "properties: should be non-empty for OBJECT type" to an empty object schema).
 */
export function toGeminiParameters(schema: Record<string, unknown>): Schema | undefined {
  const converted = toGeminiSchema(schema);
  const props = converted.properties;
  if (converted.type === 'object' && (!isRecord(props) || Object.keys(props).length === 0)) return undefined;
  return converted;
}
