import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value as Record<string, unknown>).flatMap(values);
}

function read(language: string, file: string): unknown {
  return JSON.parse(readFileSync(`${root}/${language}/${file}`, 'utf8'));
}

describe('locales', () => {
  const jaFiles = readdirSync(`${root}/ja`).sort();
  const enFiles = readdirSync(`${root}/en`).sort();

  it('have the same files in ja and en', () => {
    expect(enFiles).toEqual(jaFiles);
    expect(jaFiles.length).toBeGreaterThan(3);
  });

  it.each(jaFiles)(
    '%s has exactly the same keys in both languages, every value a non-empty string',
    (file) => {
      const ja = keys(read('ja', file)).sort();
      const en = keys(read('en', file)).sort();
      expect(en).toEqual(ja);
      for (const language of ['ja', 'en']) {
        const flat = keys(read(language, file));
        const data = read(language, file);
        for (const key of flat) {
          const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], data);
          expect(typeof value === 'string' && value.trim() !== '', `${language}/${file}: ${key}`).toBe(true);
        }
      }
    },
  );

  it('say servant/サーヴァント, never agent/エージェント, in user-visible text', () => {
    // Values only, placeholders such as {agent} removed.
    const text = (language: string, file: string) =>
      values(read(language, file))
        .join('\n')
        .replace(/\{[a-zA-Z]+\}/g, '');
    for (const file of jaFiles) {
      expect(text('ja', file), file).not.toMatch(/エージェント/);
      expect(text('en', file), file).not.toMatch(/\bagents?\b/i);
    }
  });
});
