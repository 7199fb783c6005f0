import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

describe('detectLanguage', () => {
  it('reads ja-JP from Intl as ja', () => {
    expect(detectLanguage(() => 'ja-JP', { LANG: 'en_US.UTF-8' })).toBe('ja');
  });

  it('reads en-US from Intl as en, even when LANG is Japanese', () => {
    expect(detectLanguage(() => 'en-US', { LANG: 'ja_JP.UTF-8' })).toBe('en');
  });

  it('falls back to LANG when the locale function throws', () => {
    const throwing = () => {
      throw new Error('no Intl');
    };
    expect(detectLanguage(throwing, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(detectLanguage(throwing, { LANG: 'en_GB.UTF-8' })).toBe('en');
  });

  it('reads "und" with LANG=C as en', () => {
    expect(detectLanguage(() => 'und', { LANG: 'C' })).toBe('en');
  });

  it('falls back to the environment for "und" and undefined', () => {
    expect(detectLanguage(() => 'und', { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(detectLanguage(() => undefined, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(detectLanguage(() => undefined, {})).toBe('en');
  });

  it('prefers LC_ALL over LANG', () => {
    expect(detectLanguage(() => 'und', { LC_ALL: 'ja_JP.UTF-8', LANG: 'C' })).toBe('ja');
    expect(detectLanguage(() => 'und', { LC_ALL: 'C', LANG: 'ja_JP.UTF-8' })).toBe('en');
  });

  it('matches case-insensitively', () => {
    expect(detectLanguage(() => 'JA', {})).toBe('ja');
  });
});
