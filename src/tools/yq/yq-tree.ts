import type { Language } from '../../domain/enums.ts';
import { formatKey, type Segment } from './yq-key.ts';

/** What a value in a TOML or JSON document is, as far as yq's rules care. */
export type Kind = 'table' | 'array' | 'scalar' | 'datetime';

/** How yq walks one format's in-memory document. */
export interface TreeOps<N> {
  kind(node: N): Kind;
  /** How the format names a kind (a TOML table is a JSON object). */
  label(kind: Kind, language: Language): string;
  /** The child for a name (tables) or an index (arrays); undefined when there is none. */
  child(node: N, segment: Segment): N | undefined;
  /** A table's key names, or an array's length. */
  keys(node: N): string[] | number;
}

export type Walked<N> =
  | { ok: true; parent: N; node: N; last: Segment }
  | { ok: false; kind: 'missing'; at: number; parent: N }
  | { ok: false; kind: 'mismatch'; at: number; actual: Kind };

/** Follow `segments` (at least one) from the root; stops at the first missing or mistyped step. */
export function walk<N>(root: N, segments: readonly Segment[], ops: TreeOps<N>): Walked<N> {
  let parent = root;
  for (const [at, segment] of segments.entries()) {
    const actual = ops.kind(parent);
    const fits = segment.kind === 'name' ? actual === 'table' : actual === 'array';
    if (!fits) return { ok: false, kind: 'mismatch', at, actual };
    const child = ops.child(parent, segment);
    if (child === undefined) return { ok: false, kind: 'missing', at, parent };
    if (at === segments.length - 1) return { ok: true, parent, node: child, last: segment };
    parent = child;
  }
  throw new Error('walk needs at least one segment');
}

const KIND_LABEL: Record<Language, Record<Kind, string>> = {
  ja: { table: 'テーブル', array: '配列', scalar: 'スカラー値', datetime: '日時' },
  en: { table: 'a table', array: 'an array', scalar: 'a scalar value', datetime: 'a date/time' },
};

function listKeys(keys: string[] | number, language: Language): string {
  const ja = language === 'ja';
  if (typeof keys === 'number')
    return ja
      ? `要素は ${keys} 個、添字は 0 から`
      : `${keys} ${keys === 1 ? 'element' : 'elements'}, indexes from 0`;
  if (keys.length === 0) return ja ? '中は空です' : 'it is empty';
  const shown = keys.slice(0, 30).join(', ');
  const more =
    keys.length > 30 ? (ja ? ` ほか ${keys.length - 30} 個` : ` and ${keys.length - 30} more`) : '';
  return ja ? `ここにあるキー: ${shown}${more}` : `keys here: ${shown}${more}`;
}

export type KeyOp = 'get' | 'set' | 'remove';

/** The readable refusal for a walk that stopped, in the village language. */
export function walkFailure<N>(
  failed: Exclude<Walked<N>, { ok: true }>,
  segments: readonly Segment[],
  op: KeyOp,
  ops: TreeOps<N>,
  language: Language,
): string {
  const ja = language === 'ja';
  const upTo = formatKey(segments, failed.at + 1);
  const before =
    failed.at === 0
      ? ja
        ? 'ファイルの最上位'
        : 'the top level of the file'
      : formatKey(segments, failed.at);
  if (failed.kind === 'mismatch') {
    const segment = segments[failed.at]!;
    if (!ja) {
      const want =
        segment.kind === 'index'
          ? 'only an array can be followed by an [index]'
          : `only ${ops.label('table', language)} can be followed by name`;
      return `Cannot follow ${upTo}: ${before} is ${ops.label(failed.actual, language)} (${want}).`;
    }
    const want =
      segment.kind === 'index'
        ? '添字 [数字] で辿れるのは配列だけです'
        : `名前で辿れるのは${ops.label('table', language)}だけです`;
    return `${upTo} を辿れません: ${before} は${ops.label(failed.actual, language)}です（${want}）。`;
  }
  const isLast = failed.at === segments.length - 1;
  const where = `${before}: ${listKeys(ops.keys(failed.parent), language)}`;
  if (!ja) {
    if (op === 'set') {
      return isLast
        ? `${upTo} does not exist (${where}). set only replaces an existing value; it adds no new key or element.`
        : `The key ${upTo} on the way does not exist (${where}). set creates no keys on the way and no new structure.`;
    }
    return `${upTo} does not exist (${where}).`;
  }
  if (op === 'set') {
    return isLast
      ? `${upTo} がありません（${where}）。set は既存の値の置き換えだけで、新しいキーや要素は追加しません。`
      : `途中のキー ${upTo} がありません（${where}）。set は途中のキーや新しい構造を作りません。`;
  }
  return `${upTo} がありません（${where}）。`;
}

export function kindLabel(kind: Kind, language: Language): string {
  return KIND_LABEL[language][kind];
}
