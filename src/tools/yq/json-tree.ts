/**
 * JSON kept in source order. `JSON.parse` validates the text; this reader then rebuilds it as an
 * ordered tree (a JS object would move integer-like keys to the front) whose scalars keep their
 * source text, so a number like 1.0 or 12345678901234567890 and escapes like \u00e9 come back as
 * they were written. The printer lays it out as `JSON.stringify(value, null, 2)` would.
 */
export type JsonNode =
  | { t: 'object'; entries: JsonEntry[] }
  | { t: 'array'; items: JsonNode[] }
  | { t: 'scalar'; raw: string; value: string | number | boolean | null };

export interface JsonEntry {
  /** The key as written, quotes and escapes included. */
  raw: string;
  key: string;
  value: JsonNode;
}

const WS = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const WORD = /true|false|null/y;

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    WS.lastIndex = this.at;
    WS.exec(this.text);
    this.at = WS.lastIndex;
  }

  private token(re: RegExp): string {
    re.lastIndex = this.at;
    const m = re.exec(this.text);
    if (!m) throw new Error(`unexpected JSON at ${this.at}`);
    this.at = re.lastIndex;
    return m[0];
  }

  private expect(ch: string): void {
    this.skip();
    if (this.text[this.at] !== ch) throw new Error(`expected ${ch} at ${this.at}`);
    this.at += 1;
  }

  value(): JsonNode {
    this.skip();
    const ch = this.text[this.at];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    const raw =
      ch === '"' ? this.token(STRING) : /[-0-9]/.test(ch ?? '') ? this.token(NUMBER) : this.token(WORD);
    return { t: 'scalar', raw, value: JSON.parse(raw) as string | number | boolean | null };
  }

  private object(): JsonNode {
    this.expect('{');
    const entries: JsonEntry[] = [];
    this.skip();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return { t: 'object', entries };
    }
    for (;;) {
      this.skip();
      const raw = this.token(STRING);
      this.expect(':');
      entries.push({ raw, key: JSON.parse(raw) as string, value: this.value() });
      this.skip();
      if (this.text[this.at] === ',') this.at += 1;
      else break;
    }
    this.expect('}');
    return { t: 'object', entries };
  }

  private array(): JsonNode {
    this.expect('[');
    const items: JsonNode[] = [];
    this.skip();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return { t: 'array', items };
    }
    for (;;) {
      items.push(this.value());
      this.skip();
      if (this.text[this.at] === ',') this.at += 1;
      else break;
    }
    this.expect(']');
    return { t: 'array', items };
  }
}

/** Text `JSON.parse` accepted. */
export function readOrdered(text: string): JsonNode {
  return new Reader(text).value();
}

/** Two-space layout with `eol` between lines; scalars and keys as written. */
export function printJson(node: JsonNode, eol = '\n', indent = ''): string {
  if (node.t === 'scalar') return node.raw;
  const inner = `${indent}  `;
  if (node.t === 'array') {
    if (node.items.length === 0) return '[]';
    const items = node.items.map((item) => `${inner}${printJson(item, eol, inner)}`);
    return `[${eol}${items.join(`,${eol}`)}${eol}${indent}]`;
  }
  if (node.entries.length === 0) return '{}';
  const entries = node.entries.map((e) => `${inner}${e.raw}: ${printJson(e.value, eol, inner)}`);
  return `{${eol}${entries.join(`,${eol}`)}${eol}${indent}}`;
}

/** The entry `JSON.parse` would keep for `key` (the last of duplicates). */
export function lastEntry(node: Extract<JsonNode, { t: 'object' }>, key: string): JsonEntry | undefined {
  for (let i = node.entries.length - 1; i >= 0; i -= 1) {
    if (node.entries[i]!.key === key) return node.entries[i];
  }
  return undefined;
}
