import { MAX_LINE_CHARS, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';

/** The read tools' bounds (ledger part 5 `rag`): 12,000 characters, 240 per line, 20,000 files. */
export { MAX_FILES as RAG_MAX_FILES } from '../work-dir/limits.ts';
export const RAG_MAX_OUTPUT_CHARS = MAX_OUTPUT_CHARS;
export const RAG_MAX_LINE_CHARS = MAX_LINE_CHARS;

/**
 * Characters as the other read tools count them (file read: code points), not UTF-16 units: an emoji
 * is one character, so a section within 12,000 is never refused for its script.
 */
export function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** One line cut to 240 code points plus `…`, so a minified line cannot eat the whole output. */
export function clipLine(text: string, max = RAG_MAX_LINE_CHARS): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * Output built of whole blocks: a block that would pass the cap is not added and nothing after it is,
 * so outline stops at a file boundary and search at a matching line (a half file tree reads as
 * "there is no such section").
 */
export class BlockBudget {
  private readonly parts: string[] = [];
  private used = 0;
  private full = false;
  accepted = 0;

  constructor(private readonly cap = RAG_MAX_OUTPUT_CHARS) {}

  add(block: string): boolean {
    if (this.full) return false;
    const cost = codePoints(block) + 1;
    if (this.used + cost > this.cap) {
      this.full = true;
      return false;
    }
    this.parts.push(block);
    this.used += cost;
    this.accepted++;
    return true;
  }

  get stopped(): boolean {
    return this.full;
  }

  text(): string {
    return this.parts.join('\n');
  }
}
