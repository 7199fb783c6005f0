import { parse, patch } from '@decimalturn/toml-patch';
import { errorDetail } from '../work-dir/write-texts.ts';
import {
  D,
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
  label: (kind) => (kind === 'table' ? 'テーブル' : kindLabel(kind)),
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

function typeLabel(value: TomlValue): string {
  if (typeof value === 'string') return '文字列';
  if (typeof value === 'number' || typeof value === 'bigint') return '数値';
  if (typeof value === 'boolean') return '真偽値';
  return OPS.label(kindOf(value));
}

function sameScalar(existing: TomlValue, value: Scalar): boolean {
  if (typeof existing === 'bigint')
    return typeof value === 'number' && Number.isInteger(value) && BigInt(value) === existing;
  return existing === value;
}

class TomlDocument implements YqDocument {
  constructor(private readonly text: string) {}

  private fresh(): TomlValue {
    return parse(this.text);
  }

  get(segments: Segment[]): GetResult {
    const walked = walk(this.fresh(), segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'get', OPS) };
    return { ok: true, type: typeLabel(walked.node), text: showToml(walked.node) };
  }

  set(segments: Segment[], value: Scalar): EditResult {
    if (value === null) return { ok: false, message: D.tomlNull };
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'set', OPS) };
    const key = formatKey(segments);
    const kind = kindOf(walked.node);
    if (kind === 'datetime') return { ok: false, message: D.datetime(key) };
    if (kind !== 'scalar') return { ok: false, message: D.container(key, OPS.label(kind), kind === 'array') };
    if (sameScalar(walked.node, value)) {
      return { ok: true, same: true, why: D.sameValue(key, showToml(walked.node)) };
    }
    const from = showToml(walked.node);
    assign(walked.parent as Container, walked.last, value);
    return this.write(root, D.changed(key, from, showToml(value)));
  }

  remove(segments: Segment[]): EditResult {
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'remove', OPS) };
    const parent = walked.parent as Container;
    if (walked.last.kind === 'index') (parent as TomlValue[]).splice(walked.last.index, 1);
    else delete (parent as Record<string, TomlValue>)[walked.last.name];
    return this.write(root, D.removed(formatKey(segments)), keepNextHeaderComments);
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
        return { ok: false, message: D.tomlUnsafe('書き換え後の内容が意図と一致しません') };
      }
    } catch (error) {
      return { ok: false, message: D.tomlUnsafe(errorDetail(error)) };
    }
    return { ok: true, after, what };
  }
}

function assign(parent: Container, last: Segment, value: Scalar): void {
  if (last.kind === 'index') (parent as TomlValue[])[last.index] = value;
  else (parent as Record<string, TomlValue>)[last.name] = value;
}

export function openToml(rel: string, text: string): Opened {
  try {
    parse(text);
  } catch (error) {
    // "Error parsing TOML (line, column):\n<source line>\n<caret>\n<reason>" → its first and last lines.
    const lines = errorDetail(error).split('\n');
    const detail = lines.length > 1 ? `${lines[0]} ${lines[lines.length - 1]}` : (lines[0] ?? '');
    return { ok: false, message: D.parseFailed('TOML', rel, detail) };
  }
  return { ok: true, doc: new TomlDocument(text) };
}
