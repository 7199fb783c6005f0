import type { Language } from '../../domain/enums.ts';
import { errorDetail } from '../work-dir/write-texts.ts';
import { lastEntry, printJson, readOrdered, type JsonNode } from './json-tree.ts';
import {
  DOC_TEXTS,
  type EditResult,
  type GetResult,
  type Opened,
  type Scalar,
  type YqDocument,
} from './yq-document.ts';
import { formatKey, type Segment } from './yq-key.ts';
import { kindLabel, walk, walkFailure, type Kind, type TreeOps } from './yq-tree.ts';

/**
 * JSON: key order kept, layout normalised to a two-space indent (JSON has no comments to keep). The
 * line ending of the file (CRLF or LF) and whether it ended with one are kept (a leading BOM is
 * dropped by the UTF-8 read and put back by the write).
 */

const OPS: TreeOps<JsonNode> = {
  kind: (node): Kind => (node.t === 'object' ? 'table' : node.t === 'array' ? 'array' : 'scalar'),
  label: (kind, language) =>
    kind === 'table' ? (language === 'ja' ? 'オブジェクト' : 'an object') : kindLabel(kind, language),
  child: (node, segment) => {
    if (segment.kind === 'index') return node.t === 'array' ? node.items[segment.index] : undefined;
    return node.t === 'object' ? lastEntry(node, segment.name)?.value : undefined;
  },
  keys: (node) =>
    node.t === 'array'
      ? node.items.length
      : node.t === 'object'
        ? [...new Set(node.entries.map((e) => e.key))]
        : [],
};

const TYPE_NAMES = {
  ja: { string: '文字列', number: '数値', boolean: '真偽値' },
  en: { string: 'a string', number: 'a number', boolean: 'a boolean' },
} as const;

function typeLabel(node: JsonNode, language: Language): string {
  if (node.t !== 'scalar') return OPS.label(OPS.kind(node), language);
  if (node.value === null) return 'null';
  const names = TYPE_NAMES[language];
  if (typeof node.value === 'string') return names.string;
  return typeof node.value === 'number' ? names.number : names.boolean;
}

class JsonDocument implements YqDocument {
  constructor(
    private readonly text: string,
    private readonly language: Language,
  ) {}

  private get d() {
    return DOC_TEXTS[this.language];
  }

  private fresh(): JsonNode {
    return readOrdered(this.text);
  }

  get(segments: Segment[]): GetResult {
    const walked = walk(this.fresh(), segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'get', OPS, this.language) };
    return { ok: true, type: typeLabel(walked.node, this.language), text: printJson(walked.node) };
  }

  set(segments: Segment[], value: Scalar): EditResult {
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok) return { ok: false, message: walkFailure(walked, segments, 'set', OPS, this.language) };
    const key = formatKey(segments);
    const node = walked.node;
    if (node.t !== 'scalar')
      return {
        ok: false,
        message: this.d.container(key, typeLabel(node, this.language), node.t === 'array'),
      };
    // Compared as values, so a same-value set never turns into a layout-only rewrite.
    if (node.value === value) return { ok: true, same: true, why: this.d.sameValue(key, node.raw) };
    const raw = JSON.stringify(value);
    const what = this.d.changed(key, node.raw, raw);
    const replacement: JsonNode = { t: 'scalar', raw, value };
    const parent = walked.parent;
    if (walked.last.kind === 'index' && parent.t === 'array') parent.items[walked.last.index] = replacement;
    else if (walked.last.kind === 'name' && parent.t === 'object')
      lastEntry(parent, walked.last.name)!.value = replacement;
    return { ok: true, after: this.print(root), what };
  }

  remove(segments: Segment[]): EditResult {
    const root = this.fresh();
    const walked = walk(root, segments, OPS);
    if (!walked.ok)
      return { ok: false, message: walkFailure(walked, segments, 'remove', OPS, this.language) };
    const parent = walked.parent;
    const last = walked.last;
    if (last.kind === 'index' && parent.t === 'array') parent.items.splice(last.index, 1);
    else if (last.kind === 'name' && parent.t === 'object') {
      // Every duplicate goes, or the earlier one would surface as the key's value.
      parent.entries = parent.entries.filter((e) => e.key !== last.name);
    }
    return { ok: true, after: this.print(root), what: this.d.removed(formatKey(segments)) };
  }

  private print(root: JsonNode): string {
    const eol = this.text.includes('\r\n') ? '\r\n' : '\n';
    const end = /\r?\n$/.test(this.text) ? eol : '';
    return `${printJson(root, eol)}${end}`;
  }
}

export function openJson(rel: string, text: string, language: Language): Opened {
  try {
    JSON.parse(text);
  } catch (error) {
    return { ok: false, message: DOC_TEXTS[language].parseFailed('JSON', rel, errorDetail(error)) };
  }
  return { ok: true, doc: new JsonDocument(text, language) };
}
