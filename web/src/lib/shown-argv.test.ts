import { describe, expect, it } from 'vitest';
import {
  joinWords,
  segmentsText,
  shownArgv,
  shownArgvWords,
  shownPattern,
  shownPatternWords,
  shownWord,
  shownText,
} from './shown-argv.ts';

const text = (command: string, args: string[]) => segmentsText(shownArgv(command, args));
const escapes = (command: string, args: string[]) =>
  shownArgv(command, args)
    .filter((s) => s.kind === 'escape')
    .map((s) => s.text);

describe('shownArgv', () => {
  it('leaves plain words bare and one argument with a space quoted, so `rm "a b"` differs from `rm a b`', () => {
    expect(text('git', ['log', '--oneline', '-5'])).toBe('git log --oneline -5');
    expect(text('rm', ['a b'])).toBe("rm 'a b'");
    expect(text('rm', ['a', 'b'])).toBe('rm a b');
    expect(text('rm', ['a b'])).not.toBe(text('rm', ['a', 'b']));
  });

  it('quotes empty arguments and shell specials, a single quote written as sh reads it back', () => {
    expect(text('echo', [''])).toBe("echo ''");
    expect(text('echo', ['', ''])).toBe("echo '' ''");
    expect(text('echo', ["it's"])).toBe("echo 'it'\\''s'");
    expect(text('echo', ['"x"', '$HOME', 'a;b', '*', '~', '`id`', 'a|b'])).toBe(
      `echo '"x"' '$HOME' 'a;b' '*' '~' '\`id\`' 'a|b'`,
    );
    // The POSIX safe set and printable non-ASCII stay bare.
    expect(text('cp', ['a_b@c%d+e=f:g,h.i/j-k', 'ファイル.txt'])).toBe(
      'cp a_b@c%d+e=f:g,h.i/j-k ファイル.txt',
    );
  });

  it("shows newlines, tabs and other controls as escapes inside $'…', marked as escapes", () => {
    expect(text('echo', ['a\nb'])).toBe("echo $'a\\nb'");
    expect(escapes('echo', ['a\nb'])).toEqual(['\\n']);
    expect(text('echo', ['\t', '\r', '\u0007', '\u0000', '\u007F', '\u0085'])).toBe(
      "echo $'\\t' $'\\r' $'\\u{7}' $'\\u{0}' $'\\u{7F}' $'\\u{85}'",
    );
  });

  it('shows bidi overrides and isolates instead of letting them reorder the text', () => {
    // "rm \u202Etxt.exe" would display as "rm exe.txt" reversed; here every control is spelled out.
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const ch = String.fromCodePoint(cp);
      expect(escapes('rm', [`a${ch}b`])).toEqual([`\\u{${cp.toString(16).toUpperCase()}}`]);
    }
    const shown = text('rm', ['\u202Etxt.exe']);
    expect(shown).toBe("rm $'\\u{202E}txt.exe'");
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('shows zero-width and look-alike spaces, also in the command itself', () => {
    expect(escapes('ls', ['a\u200Bb', '\u200C', '\u200D', '\uFEFF', 'a\u00A0b', '\u3000', '\u2028'])).toEqual(
      ['\\u{200B}', '\\u{200C}', '\\u{200D}', '\\u{FEFF}', '\\u{A0}', '\\u{3000}', '\\u{2028}'],
    );
    expect(text('g\u200Bit', ['log'])).toBe("$'g\\u{200B}it' log");
    // Variation selectors and the grapheme joiner draw nothing either.
    expect(escapes('x', ['a\uFE0F', '\u034F', '\u{E0100}'])).toEqual(['\\u{FE0F}', '\\u{34F}', '\\u{E0100}']);
    // An astral format character (a tag) is one escape, a lone surrogate one too.
    expect(escapes('x', ['\u{E0041}', '\uD800'])).toEqual(['\\u{E0041}', '\\u{D800}']);
  });

  it('keeps the plain text unambiguous: a literal backslash-n differs from a newline', () => {
    expect(text('echo', ['a\\nb'])).toBe("echo 'a\\nb'");
    expect(text('echo', ['a\nb\\'])).toBe("echo $'a\\nb\\\\'");
    expect(text('echo', ["\n'"])).toBe("echo $'\\n\\''");
    expect(text('echo', ['a\\nb'])).not.toBe(text('echo', ['a\nb']));
  });

  it('merges neighbouring plain text into one segment', () => {
    expect(shownWord('a\u202Eb')).toEqual([
      { text: "$'a", kind: 'plain' },
      { text: '\\u{202E}', kind: 'escape' },
      { text: "b'", kind: 'plain' },
    ]);
    expect(shownArgv('git', ['log'])).toEqual([{ text: 'git log', kind: 'plain' }]);
  });
});

describe('shownPattern', () => {
  it('leaves the trailing wildcard bare and quotes a literal star', () => {
    expect(segmentsText(shownPattern('git log *'))).toBe('git log *');
    expect(segmentsText(shownPattern('ruff *'))).toBe('ruff *');
    expect(segmentsText(shownPattern('find -name *.py'))).toBe("find -name '*.py'");
    expect(segmentsText(shownPattern('node --version'))).toBe('node --version');
  });

  it('renders an invisible character in a pattern token the same way as in the argv', () => {
    const pattern = shownPattern('rm \u202Eexe *');
    expect(segmentsText(pattern)).toBe("rm $'\\u{202E}exe' *");
    expect(pattern.filter((s) => s.kind === 'escape').map((s) => s.text)).toEqual(['\\u{202E}']);
  });
});

describe('word by word', () => {
  it('keeps each argument apart (the UI isolates each for bidi) and joins them as shownArgv does', () => {
    const words = shownArgvWords('echo', ['שלום', 'a b']);
    expect(words.map((w) => segmentsText(w))).toEqual(['echo', 'שלום', "'a b'"]);
    expect(segmentsText(joinWords(words))).toBe(segmentsText(shownArgv('echo', ['שלום', 'a b'])));
    expect(shownPatternWords('git log *').map((w) => segmentsText(w))).toEqual(['git', 'log', '*']);
    expect(shownPatternWords('*').map((w) => segmentsText(w))).toEqual(['*']);
  });
});

describe('free text', () => {
  it('spells out invisible characters but keeps newlines, tabs and spaces as layout', () => {
    const shown = shownText('{\n\t"path": "a\u202Etxt.exe b\u200B"\n}\r');
    expect(segmentsText(shown)).toBe('{\n\t"path": "a\\u{202E}txt.exe b\\u{200B}"\n}\\r');
    expect(shown.filter((s) => s.kind === 'escape').map((s) => s.text)).toEqual([
      '\\u{202E}',
      '\\u{200B}',
      '\\r',
    ]);
    expect(shownText('plain 日本語')).toEqual([{ text: 'plain 日本語', kind: 'plain' }]);
  });
});
