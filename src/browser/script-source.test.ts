import { describe, expect, it } from 'vitest';
import { classifySource, elementSource } from './script-source.ts';

describe('classifySource', () => {
  it.each([
    '() => document.title',
    'async (el) => el.textContent',
    'function () { return 1; }',
    'document.title',
    '1 + 2',
  ])('takes %s as an expression (called when it is a function)', (fn) => {
    expect(classifySource(fn)).toEqual({ kind: 'expression', source: `(${fn}\n)` });
  });

  it.each(['while (true) {}', 'let x = 1; x', 'const a = 2;\na * 3'])('runs %s as a page script', (fn) => {
    expect(classifySource(fn)).toEqual({ kind: 'script', source: fn });
  });

  it('never runs the source while telling', () => {
    const before = (globalThis as { touched?: boolean }).touched;
    classifySource('(globalThis.touched = true)');
    expect((globalThis as { touched?: boolean }).touched).toBe(before);
  });

  it('a line comment at the end does not swallow the closing parenthesis', () => {
    expect(classifySource('() => 1 // one').kind).toBe('expression');
  });
});

describe('elementSource', () => {
  it('needs an expression', () => {
    expect(elementSource('(el) => el.id')).toBe('((el) => el.id\n)');
    expect(() => elementSource('while (true) {}')).toThrow(/needs a function/);
  });
});
