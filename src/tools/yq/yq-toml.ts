import type { Language } from '../../domain/enums.ts';
import { parse, patch } from '@decimalturn/toml-patch';
import { errorDetail } from '../work-dir/write-texts.ts';
import {
  DOC_TEXTS,
  type EditResult,
  type GetResult,
  type Opened,
  type Scalar,
  type YqDocument,
} from './yq-document.ts';
import { keepNextHeaderComments } from './toml-header-comments.ts';
import { formatKey, type Segment } from './yq-key.ts';
import { kindLabel, walk, walkFailure, type Kind, type TreeOps } from './yq-tree.ts';

/**
 * TOML through toml-patch: the file is parsed to plain values, one value is changed or deleted, and
 * `patch` writes only that difference back into the original text, so comments, whitespace and the
 * rest of the layout stay as they were (what `toml_edit` gave the Rust implementation). The result is
 * parsed again and must equal the intended document, or nothing is written.
 */
type TomlValue = unknown;
type Container = Record<string, TomlValue> | TomlValue[];

function kindOf(value: TomlValue): Kind {
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'datetime';
  if (typeof value === 'object' && value !== null) return 'table';
  return 'scalar';
}

const OPS: TreeOps<TomlValue> = {
  kind: kindOf,
  label: (kind, language) => kindLabel(kind, language),
  child: (node, segment) => {
    if (segment.kind === 'index') return (node as TomlValue[])[segment.index];
    const table = node as Record<string, TomlValue>;
    return Object.hasOwn(table, segment.name) ? table[segment.name] : undefined;
  },
  keys: (node) => (Array.isArray(node) ? node.length : Object.keys(node as object)),
};

/** JSON-like text for get and for the change summary (TOML integers may be bigint; dates as TOML). */
export function showToml(value: TomlValue, indent = ''): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
    return JSON.stringify(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${showToml(v, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${showToml(v, inner)}`).join(',\n')}\n${indent}}`;
}

const TYPE_NAMES = {
  ja: { string: '文字列', number: '数値', boolean: '真偽値' },
  en: { string: 'a string', number: 'a number', boolean: 'a boolean' },
} as const;

function typeLabel(value: TomlValue, language: Language): string {
  const names = TYPE_NAMES[language];
  if (typeof value === 'string') return names.string;
  if (typeof value === 'number' || typeof value === 'bigint') return names.number;
  if (typeof value === 'boolean') return names.boolean;
  return OPS.label(kindOf(value), language);
}

function sameScalar(existing: TomlValue, value: Scalar): boolean {
  if (typeof existing === 'bigint')
    return typeof value === 'number' && Number.isInteger(value) && BigInt(value) === existing;
  return existing === value;
}

class TomlDocument implements YqDocument {
  constructor(
    private readonly text: string,
    private readonly language: Language,
  ) {}

  private get d() {
    return DOC_TEXTS[this.language];
  }

  private fresh(): TomlValue {
    return parse(this.text);
  }

  get(segments: Segment[]): GetResult {
    const walked = walk(this.fresh(), segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'get', OPS, this.language) };
    return { ok: true, type: typeLabel(walked.node, this.language), text: showToml(walked.node) };
  }

  set(segments: Segment[], value: Scalar): EditResult {
    if (value === null) return { ok: false, message: this.d.tomlNull };
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'set', OPS, this.language) };
    const key = formatKey(segments);
    const kind = kindOf(walked.node);
    if (kind === 'datetime') return { ok: false, message: this.d.datetime(key) };
    if (kind !== 'scalar')
      return { ok: false, message: this.d.container(key, OPS.label(kind, this.language), kind === 'array') };
    if (sameScalar(walked.node, value)) {
      return { ok: true, same: true, why: this.d.sameValue(key, showToml(walked.node)) };
    }
    const from = showToml(walked.node);
    assign(walked.parent as Container, walked.last, value);
    return this.write(root, this.d.changed(key, from, showToml(value)));
  }

  remove(segments: Segment[]): EditResult {
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok)
      return { ok: false, message: walkFailure(walked, segments, 'remove', OPS, this.language) };
    const parent = walked.parent as Container;
    if (walked.last.kind === 'index') (parent as TomlValue[]).splice(walked.last.index, 1);
    else delete (parent as Record<string, TomlValue>)[walked.last.name];
    return this.write(root, this.d.removed(formatKey(segments)), keepNextHeaderComments);
  }

  private write(
    intended: TomlValue,
    what: string,
    repair?: (before: string, after: string) => string,
  ): EditResult {
    let after: string;
    try {
      after = patch(this.text, intended);
      if (repair !== undefined) after = repair(this.text, after);
      if (showToml(parse(after)) !== showToml(intended)) {
        return { ok: false, message: this.d.tomlUnsafe(this.d.unsafeMismatch) };
      }
    } catch (error) {
      return { ok: false, message: this.d.tomlUnsafe(errorDetail(error)) };
    }
    return { ok: true, after, what };
  }
}

function assign(parent: Container, last: Segment, value: Scalar): void {
  if (last.kind === 'index') (parent as TomlValue[])[last.index] = value;
  else (parent as Record<string, TomlValue>)[last.name] = value;
}

export function openToml(rel: string, text: string, language: Language): Opened {
  try {
    parse(text);
  } catch (error) {
    // "Error parsing TOML (line, column):\n<source line>\n<caret>\n<reason>" → its first and last lines.
    const lines = errorDetail(error).split('\n');
    const detail = lines.length > 1 ? `${lines[0]} ${lines[lines.length - 1]}` : (lines[0] ?? '');
    return { ok: false, message: DOC_TEXTS[language].parseFailed('TOML', rel, detail) };
  }
  return { ok: true, doc: new TomlDocument(text, language) };
}
