import { describe, expect, it } from 'vitest';
import { parseHeadings, splitLines } from './headings.ts';

describe('parseHeadings', () => {
  it('reads ATX headings with level, title and line, closing #s dropped', () => {
    const lines = ['# Top', 'text', '## Sub ##', '   ### Three', '#NoSpace', '####### seven', '##', '#\tTab'];
    expect(parseHeadings(lines)).toEqual([
      { level: 1, title: 'Top', line: 0 },
      { level: 2, title: 'Sub', line: 2 },
      { level: 3, title: 'Three', line: 3 },
      { level: 2, title: '', line: 6 },
      { level: 1, title: 'Tab', line: 7 },
    ]);
  });

  it('ignores # lines inside fenced code, ``` and ~~~, until the matching fence closes', () => {
    const lines = [
      '# A',
      '```sh',
      '# a shell comment',
      '~~~',
      '# still code',
      '```',
      '## B',
      '~~~~',
      '# x',
      '~~~~',
    ];
    expect(parseHeadings(lines).map((h) => h.title)).toEqual(['A', 'B']);
  });

  it('keeps a heading indented four spaces out (that is code)', () => {
    expect(parseHeadings(['    # code'])).toEqual([]);
  });
});

describe('splitLines', () => {
  it('splits on \\n and \\r\\n and drops only the final empty line', () => {
    expect(splitLines('a\r\nb\n\n')).toEqual(['a', 'b', '']);
    expect(splitLines('')).toEqual(['']);
  });
});
