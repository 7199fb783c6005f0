import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GROUNDING_ENGINES } from '../../../src/domain/enums.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const engineLabels = (language: 'ja' | 'en') =>
  (JSON.parse(readFileSync(`${root}/${language}/chat.json`, 'utf8')) as { engine: Record<string, string> })
    .engine;

// GroundingNote.vue heads the sources with `chat.engine.<engine>`: every engine the core can put on a
// message (the Responses wires add open_ai, xai, meta, perplexity) needs its label in both languages,
// or the box would show the raw key.
describe.each(['ja', 'en'] as const)('the grounding engine labels (%s)', (language) => {
  it('name every engine of the core, and no other', () => {
    const labels = engineLabels(language);
    expect(Object.keys(labels).sort()).toEqual([...GROUNDING_ENGINES].sort());
    for (const engine of GROUNDING_ENGINES) expect(labels[engine]?.trim(), engine).toBeTruthy();
  });
});
