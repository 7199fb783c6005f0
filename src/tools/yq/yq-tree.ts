import { formatKey, type Segment } from './yq-key.ts';

/** What a value in a TOML or JSON document is, as far as yq's rules care. */
export type Kind = 'table' | 'array' | 'scalar' | 'datetime';

/** How yq walks one format's in-memory document. */
export interface TreeOps<N> {
  kind(node: N): Kind;
  /** How the format names a kind (a TOML table is a JSON object). */
  label(kind: Kind): string;
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

const KIND_LABEL: Record<Kind, string> = {
  table: 'テーブル',
  array: '配列',
  scalar: 'スカラー値',
  datetime: '日時',
};

function listKeys(keys: string[] | number): string {
  if (typeof keys === 'number') return `要素は ${keys} 個、添字は 0 から`;
  if (keys.length === 0) return '中は空です';
  const shown = keys.slice(0, 30).join(', ');
  return `ここにあるキー: ${shown}${keys.length > 30 ? ` ほか ${keys.length - 30} 個` : ''}`;
}

export type KeyOp = 'get' | 'set' | 'remove';

/** The readable refusal for a walk that stopped. */
export function walkFailure<N>(
  failed: Exclude<Walked<N>, { ok: true }>,
  segments: readonly Segment[],
  op: KeyOp,
  ops: TreeOps<N>,
): string {
  const upTo = formatKey(segments, failed.at + 1);
  const before = failed.at === 0 ? 'ファイルの最上位' : formatKey(segments, failed.at);
  if (failed.kind === 'mismatch') {
    const segment = segments[failed.at]!;
    const want =
      segment.kind === 'index'
        ? '添字 [数字] で辿れるのは配列だけです'
        : `名前で辿れるのは${ops.label('table')}だけです`;
    return `${upTo} を辿れません: ${before} は${ops.label(failed.actual)}です（${want}）。`;
  }
  const isLast = failed.at === segments.length - 1;
  const where = `${before}: ${listKeys(ops.keys(failed.parent))}`;
  if (op === 'set') {
    return isLast
      ? `${upTo} がありません（${where}）。set は既存の値の置き換えだけで、新しいキーや要素は追加しません。`
      : `途中のキー ${upTo} がありません（${where}）。set は途中のキーや新しい構造を作りません。`;
  }
  return `${upTo} がありません（${where}）。`;
}

export function kindLabel(kind: Kind): string {
  return KIND_LABEL[kind];
}
