/** `system_blocks` of the `cache:` line: appended last, counted as each wire really sends the prompt. */
import { describe, expect, it } from 'vitest';
import { cacheDiagLine, SYSTEM_BLOCKS } from './cache-diag.ts';
import { ZERO_USAGE, type SystemPrompt } from './canonical.ts';
import { anthropicWire } from './wires/anthropic/index.ts';
import { context as anthropicContext } from './wires/anthropic/test-context.ts';
import { geminiWire } from './wires/gemini/index.ts';
import { geminiContext } from './wires/gemini/gemini-test-helpers.ts';
import { openAiCompatWire } from './wires/openai-compat/index.ts';
import { context as compatContext } from './wires/openai-compat/openai-compat-test-helpers.ts';
import { request } from './wires/test-request.ts';

const PROMPTS: [string, SystemPrompt][] = [
  ['both parts', { stable: 'Ordinance', volatile: 'Roster' }],
  ['stable only (empty Memory.md)', { stable: 'Ordinance', volatile: '' }],
  ['volatile only', { stable: '', volatile: 'Roster' }],
  ['a blank volatile part', { stable: 'Ordinance', volatile: '  \n' }],
  ['nothing', { stable: '', volatile: '' }],
];

/** The system blocks in the bodies the three built wires encode. */
function sentBlocks(system: SystemPrompt): Record<'anthropic' | 'gemini' | 'open_ai_compat', number> {
  const req = request({ system });
  const anthropic = anthropicWire.encode(req, anthropicContext()) as { system?: unknown[] };
  const gemini = geminiWire.encode(req, geminiContext()) as { systemInstruction?: { parts: unknown[] } };
  const compat = openAiCompatWire.encode(req, compatContext()) as { messages: { role: string }[] };
  return {
    anthropic: anthropic.system?.length ?? 0,
    gemini: gemini.systemInstruction?.parts.length ?? 0,
    open_ai_compat: compat.messages.filter((m) => m.role === 'system').length,
  };
}

describe('system_blocks', () => {
  it.each(PROMPTS)('%s: the count each wire sends', (_label, system) => {
    const sent = sentBlocks(system);
    expect({
      anthropic: SYSTEM_BLOCKS.anthropic(system),
      gemini: SYSTEM_BLOCKS.gemini(system),
      open_ai_compat: SYSTEM_BLOCKS.open_ai_compat(system),
    }).toEqual(sent);
  });

  it('is appended after cache_write_1h; every earlier field keeps its place', () => {
    const req = request({ system: { stable: 'Ordinance', volatile: 'Roster' } });
    const anthropic = cacheDiagLine('a', 'm', 1, req, ZERO_USAGE, 'anthropic').split(' ');
    const gemini = cacheDiagLine('a', 'm', 1, req, ZERO_USAGE, 'gemini').split(' ');
    expect(anthropic.slice(0, 11)).toEqual(gemini.slice(0, 11));
    expect(anthropic[10]).toBe('cache_write_1h=0');
    expect(anthropic.slice(11)).toEqual(['system_blocks=2']);
    expect(gemini.slice(11)).toEqual(['system_blocks=1']);
  });
});
