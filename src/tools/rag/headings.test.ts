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

const parsed = (text: string) => parseHeadings(text.split('\n')).map((h) => [h.level, h.title, h.line]);

describe('setext headings (CommonMark)', () => {
  it('reads a paragraph over === as level 1 and over --- as level 2, at the paragraph line', () => {
    expect(parsed('Title\n=====\ntext\n\nSub\n---\nmore\n# Atx\nAfter\n-')).toEqual([
      [1, 'Title', 0],
      [2, 'Sub', 4],
      [1, 'Atx', 7],
      [2, 'After', 8],
    ]);
  });

  it('joins a paragraph of several lines into one title; trailing blanks after the underline are fine', () => {
    expect(parsed('first line\n  second line\n===   ')).toEqual([[1, 'first line second line', 0]]);
  });

  it('takes --- after a blank line, a heading, or at the start as a thematic break', () => {
    expect(parsed('Intro\n\n---\ntext\n\n---\n# A\n---\n***\n---\n===')).toEqual([[1, 'A', 6]]);
  });

  it('does not read an underline with inner spaces, indented four, or under *** as one', () => {
    expect(parsed('Foo\n= =\n\nBar\n- - -\n\nBaz\n    ---\n\nQux\n***\n---')).toEqual([]);
  });

  it('skips YAML and TOML front matter at the file start, even its key: value lines and # comments', () => {
    expect(parsed('---\ntitle: Guide\n# a comment\n---\n# Real\nBody')).toEqual([[1, 'Real', 4]]);
    expect(parsed('---\ntitle: Guide\n...\nText\n---')).toEqual([[2, 'Text', 3]]);
    expect(parsed('+++\ntitle = "x"\n+++\nText\n===')).toEqual([[1, 'Text', 3]]);
    // Front matter opens only the file: a later --- block is a paragraph and its underline.
    expect(parsed('Intro\n\n---\nkey: value\n---')).toEqual([[2, 'key: value', 3]]);
  });

  it('reads a never-closed front matter opener as a thematic break only', () => {
    expect(parsed('---\n# Heading\nText\n===')).toEqual([
      [1, 'Heading', 1],
      [1, 'Text', 2],
    ]);
  });

  it('does not take list items, their lazy lines or quotes over --- as headings', () => {
    expect(parsed('- item\n---\n\n1. one\nlazy\n---\n\n> quote\n---\n\n* star\n===')).toEqual([]);
    // A thematic break closes the list: the next paragraph can be underlined again.
    expect(parsed('- item\n***\nAfter\n---')).toEqual([[2, 'After', 2]]);
    // A list item that cannot interrupt a paragraph is part of it (2. and an empty item).
    expect(parsed('Foo\n2. bar\n---')).toEqual([[2, 'Foo 2. bar', 0]]);
  });

  it('ignores underlines and paragraphs inside fenced code, ``` and ~~~', () => {
    expect(parsed('```\nTitle\n===\n```\n~~~md\nSub\n---\n~~~\nOut\n===')).toEqual([[1, 'Out', 8]]);
    // The fence line ends the paragraph before it: nothing to underline after the code.
    expect(parsed('Para\n```\ncode\n```\n---')).toEqual([]);
  });

  it('closes a fence only with a bare marker of the same kind, at least as long', () => {
    expect(parsed('````\n```sh\n# no\n```\n# still code\n````\n# yes')).toEqual([[1, 'yes', 6]]);
    expect(parsed('```js\n# no\n```js\n# still code\n```\n# yes')).toEqual([[1, 'yes', 5]]);
  });

  it('does not open a fence on ``` with a backtick in its info string (inline code)', () => {
    expect(parsed('```a`b\n# Heading')).toEqual([[1, 'Heading', 1]]);
  });

  it('does not start a paragraph in indented code, but continues one with an indented line', () => {
    expect(parsed('    code\n---\n\nPara\n    more\n---')).toEqual([[2, 'Para more', 3]]);
  });
});

describe('splitLines', () => {
  it('splits on \\n and \\r\\n and drops only the final empty line', () => {
    expect(splitLines('a\r\nb\n\n')).toEqual(['a', 'b', '']);
    expect(splitLines('')).toEqual(['']);
  });
});
