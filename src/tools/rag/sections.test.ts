import { describe, expect, it } from 'vitest';
import { parseHeadings } from './headings.ts';
import { headingPath, resolveSection, sectionRange } from './sections.ts';

const lines = [
  '# Guide',
  'intro',
  '## Install',
  'steps',
  '### Linux',
  'apt',
  '## Usage',
  'run',
  '# Appendix',
  'end',
];
const headings = parseHeadings(lines);

describe('headingPath', () => {
  it('gives the chain of headings a line sits under', () => {
    expect(headingPath(headings, 5).map((h) => h.title)).toEqual(['Guide', 'Install', 'Linux']);
    expect(headingPath(headings, 7).map((h) => h.title)).toEqual(['Guide', 'Usage']);
    expect(headingPath(headings, 9).map((h) => h.title)).toEqual(['Appendix']);
    expect(headingPath(parseHeadings(['x', '# A']), 0)).toEqual([]);
  });
});

describe('sectionRange', () => {
  it('runs to the next heading of its level or above, subsections included', () => {
    expect(sectionRange(headings, 1, lines.length)).toEqual({ start: 2, end: 6 });
    expect(sectionRange(headings, 0, lines.length)).toEqual({ start: 0, end: 8 });
    expect(sectionRange(headings, 4, lines.length)).toEqual({ start: 8, end: 10 });
  });
});

describe('resolveSection', () => {
  it('tries exact, then case ignored, then a part of the title', () => {
    const hs = parseHeadings(['# Setup', '# setup guide', '# SETUP', '# Notes']);
    expect(resolveSection(hs, 'Setup')).toEqual({ kind: 'found', index: 0 });
    expect(resolveSection(hs, 'notes')).toEqual({ kind: 'found', index: 3 });
    expect(resolveSection(hs, 'guide')).toEqual({ kind: 'found', index: 1 });
    expect(resolveSection(hs, 'nothing')).toEqual({ kind: 'none' });
  });

  it('refuses several hits in the deciding stage as ambiguous with the candidates', () => {
    const hs = parseHeadings(['# Setup', '# SETUP', '# Install A', '# Install B']);
    expect(resolveSection(hs, 'setup')).toEqual({ kind: 'ambiguous', candidates: [0, 1] });
    expect(resolveSection(hs, 'install')).toEqual({ kind: 'ambiguous', candidates: [2, 3] });
  });
});
