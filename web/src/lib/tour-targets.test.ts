import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOUR_STEPS } from './tour.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? vueFiles(join(dir, entry.name))
      : entry.name.endsWith('.vue')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('tour targets', () => {
  const sources = vueFiles(root).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  // The e2e tour test walks all nine marks in an empty village, which shows each one is drawn there.
  it.each(TOUR_STEPS)('%s is the data-tour target of exactly one element', (step) => {
    const holders = sources.filter((s) => s.text.includes(`data-tour="${step}"`));
    expect(holders.map((h) => h.file.slice(root.length))).toHaveLength(1);
    expect(holders[0]!.text.split(`data-tour="${step}"`)).toHaveLength(2);
  });
});
