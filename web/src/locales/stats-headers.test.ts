import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));
const read = (language: string) =>
  JSON.parse(readFileSync(`${root}/${language}/stats.json`, 'utf8')) as {
    col: Record<string, string>;
    totals: Record<string, string>;
  };

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

// The ledger (part 1, stats view) borrows promptfoo's English headings (Requests / Total Tokens / Avg
// Tokens / Avg Latency); issue 22 goes past it: in the Japanese UI every statistics header is Japanese.
describe('statistics headers', () => {
  it.each(['col', 'totals'] as const)('stats.%s is Japanese in the Japanese UI', (group) => {
    for (const [key, value] of Object.entries(read('ja')[group])) {
      expect(value, `ja stats.${group}.${key}`).toMatch(JAPANESE);
    }
  });

  it('keeps the promptfoo headings in the English UI', () => {
    const { col } = read('en');
    expect([col.requests, col.totalTokens, col.avgTokens, col.avgLatency]).toEqual([
      'Requests',
      'Total Tokens',
      'Avg Tokens',
      'Avg Latency',
    ]);
  });
});
