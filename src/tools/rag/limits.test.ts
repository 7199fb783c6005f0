import { describe, expect, it } from 'vitest';
import {
  BlockBudget,
  clipLine,
  codePoints,
  RAG_MAX_LINE_CHARS,
  RAG_MAX_FILES,
  RAG_MAX_OUTPUT_CHARS,
} from './limits.ts';

describe('rag limits', () => {
  it('are the ledger figures', () => {
    expect([RAG_MAX_OUTPUT_CHARS, RAG_MAX_LINE_CHARS, RAG_MAX_FILES]).toEqual([12_000, 240, 20_000]);
  });

  it('counts code points: a surrogate pair is one character, a lone surrogate one too', () => {
    expect(codePoints('')).toBe(0);
    expect(codePoints('ab字')).toBe(3);
    expect(codePoints('😀x😀')).toBe(3);
    expect(codePoints('\ud83d')).toBe(1);
    expect(codePoints('\ude00\ud83d')).toBe(2);
    expect(codePoints('😀'.repeat(1000))).toBe([...'😀'.repeat(1000)].length);
  });

  it('clips a line to 240 code points plus …, and leaves a short one alone', () => {
    expect(clipLine('x'.repeat(240))).toBe('x'.repeat(240));
    expect(clipLine('😀'.repeat(300))).toBe(`${'😀'.repeat(240)}…`);
  });

  it('takes whole blocks only and stops at the first that does not fit', () => {
    const budget = new BlockBudget(10);
    expect(budget.add('abcd')).toBe(true);
    expect(budget.add('efghij')).toBe(false);
    expect(budget.add('k')).toBe(false);
    expect(budget.text()).toBe('abcd');
    expect([budget.accepted, budget.stopped]).toEqual([1, true]);
  });
});
