/**
 * Local `$ref`s inlined before a tool schema is converted for Gemini, whose Schema has no `$ref`.
 *
 * Past the ledger on purpose (part 6 gemini_native.schema_subset says "$ref / $defs are not resolved;
 * the 400 surfaces"; issue 17 §6): a local pointer (`#/$defs/X`, `#/definitions/X`, any `#/…`) is
 * resolved exactly, which is not the type guessing the ledger warns against. What cannot be resolved
 * exactly — a reference outside the document, a missing target, recursion, an expansion that grows
 * without bound — refuses the tool with a reason instead of sending a schema that answers 400 on
 * every request of the agent.
 */
import { GeminiSchemaRefusal, quoteBounded } from './gemini-schema-refusal.ts';
import { isRecord, type Schema } from './gemini-schema-node.ts';

type Json = unknown;

/** Nodes an inlined schema may have: a DAG of refs can otherwise expand exponentially. */
const MAX_INLINED_NODES = 10_000;
/** Nesting depth of schemas; deeper input is refused rather than recursed into. */
export const MAX_SCHEMA_DEPTH = 64;
/** The refusal of a schema nested past MAX_SCHEMA_DEPTH (here and in the conversion). */
export const tooDeep = () =>
  new GeminiSchemaRefusal(`its schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
/** The same in JSON levels (a property schema sits two levels below its parent, a ref one more). */
const MAX_JSON_DEPTH = 4 * MAX_SCHEMA_DEPTH;

/** Keywords whose values are data, not schemas: a `$ref` key inside them is not a reference. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'example', 'examples']);
/**
 * Keywords whose values map names to schemas: their keys are property (or definition) names, never
 * keywords, so a property called `default` or `enum` is a schema like any other.
 */
const NAME_MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** Keywords that refer back into the schema dynamically: only meaningful with recursion. */
const DYNAMIC_REFS = ['$recursiveRef', '$dynamicRef'];

/** The target of a JSON-pointer fragment (`#`, `#/a/b~1c`), or undefined when it does not exist. */
function resolvePointer(root: Json, ref: string): Json {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = root;
  for (const raw of ref.slice(2).split('/')) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node) && /^\d+$/.test(token)) node = node[Number(token)];
    // Own keys only: `#/__proto__` must not reach Object.prototype.
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** A copy of `root` with every local `$ref` replaced by its target; throws GeminiSchemaRefusal. */
export function inlineLocalRefs(root: Json): Json {
  let nodes = 0;

  const visit = (node: Json, refStack: readonly string[], depth: number): Json => {
    if (depth > MAX_JSON_DEPTH) throw tooDeep();
    nodes += 1;
    if (nodes > MAX_INLINED_NODES) {
      throw new GeminiSchemaRefusal(
        `its schema has more than ${MAX_INLINED_NODES} parts once its $refs are expanded`,
      );
    }
    if (Array.isArray(node)) return node.map((item) => visit(item, refStack, depth + 1));
    if (!isRecord(node)) return node;

    for (const key of DYNAMIC_REFS) {
      // A string: a property that happens to be named `$dynamicRef` holds a schema object.
      if (typeof node[key] === 'string') {
        throw new GeminiSchemaRefusal(`its schema is recursive (${key}); Gemini cannot express recursion`);
      }
    }
    const ref = node.$ref;
    const copy: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof ref === 'string') continue;
      if (DATA_KEYWORDS.has(key)) copy[key] = value;
      else if (NAME_MAP_KEYWORDS.has(key) && isRecord(value))
        copy[key] = visitNames(value, refStack, depth + 1);
      else copy[key] = visit(value, refStack, depth + 1);
    }
    if (typeof ref !== 'string') return copy;
    return mergeSiblings(expand(ref, refStack, depth), copy);
  };

  /** `properties` and the like: every value is a schema, whatever its name. */
  const visitNames = (names: Schema, refStack: readonly string[], depth: number): Schema => {
    const copy: Schema = {};
    for (const [name, schema] of Object.entries(names)) copy[name] = visit(schema, refStack, depth + 1);
    return copy;
  };

  const expand = (ref: string, refStack: readonly string[], depth: number): Json => {
    if (!ref.startsWith('#')) {
      throw new GeminiSchemaRefusal(
        `$ref ${quoteBounded(ref)} points outside the tool's schema; only local references (#/$defs/…, #/definitions/…) can be resolved`,
      );
    }
    if (refStack.includes(ref)) {
      throw new GeminiSchemaRefusal(
        `$ref ${quoteBounded(ref)} is recursive; Gemini's schema cannot express recursion`,
      );
    }
    const target = resolvePointer(root, ref);
    if (target === undefined) {
      throw new GeminiSchemaRefusal(`$ref ${quoteBounded(ref)} does not point at anything in the schema`);
    }
    return visit(target, [...refStack, ref], depth + 1);
  };

  return visit(root, [], 0);
}

/**
 * Keywords beside a `$ref` apply together with it (draft 2019-09 and later): the target's keywords
 * first, the siblings over them, so a sibling `description` wins over the target's.
 */
function mergeSiblings(target: Json, siblings: Schema): Json {
  if (Object.keys(siblings).length === 0) return target;
  if (target === false) return false;
  if (!isRecord(target)) return siblings;
  return { ...target, ...siblings };
}
