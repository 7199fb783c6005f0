/**
 * The sentences that name a provider, filled with every provider label the way the editor fills them
 * (issue 18: "is not a xAI (Responses) endpoint", "the current wire (xAI (Responses))"). Labels carry
 * their own parentheses, so a sentence must not put one inside another pair, and an English sentence
 * must not put an article before a label (a/an depends on the label; the wording needs none).
 */
import { describe, expect, it } from 'vitest';
import ja from './ja/templates.json';
import en from './en/templates.json';

type Messages = typeof ja;
const LANGUAGES: [string, Messages][] = [
  ['ja', ja],
  ['en', en],
];

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The deepest nesting of (), （） taken as one family. */
function parenDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of text) {
    if (char === '(' || char === '（') deepest = Math.max(deepest, ++depth);
    if (char === ')' || char === '）') depth--;
  }
  return deepest;
}

/** Every sentence of the editor with a provider in it, filled with each label (and each pair of labels). */
function filled(messages: Messages): string[] {
  const labels = Object.entries(messages.providers)
    .filter(([key]) => key !== 'auto')
    .map(([, label]) => label);
  const skills = Object.values(messages.skills.labels);
  const out: string[] = [];
  for (const provider of labels) {
    const host = 'api.x.ai';
    out.push(fill(messages.hints.urlMismatch, { host, provider, expected: 'https://api.x.ai/v1' }));
    out.push(fill(messages.hints.detected, { provider }));
    out.push(fill(messages.skills.none, { provider }));
    out.push(fill(messages.skills.switchTo, { provider }));
    for (const current of labels)
      for (const skill of skills) out.push(fill(messages.skills.misconfigured, { skill, provider, current }));
  }
  return out;
}

describe.each(LANGUAGES)('%s: sentences naming a provider', (_, messages) => {
  it('never nest one pair of parentheses in another, whatever the label', () => {
    const nested = filled(messages).filter((text) => parenDepth(text) > 1);
    expect(nested).toEqual([]);
  });

  it('the base URL hint names the path it is given, not one path for all', () => {
    expect(messages.hints.baseUrl).toContain('{path}');
    expect(messages.hints.baseUrl).not.toContain('/chat/completions');
  });
});

describe('en: sentences naming a provider', () => {
  it('put no article before a label ("a xAI", "a OpenAI" …)', () => {
    const labels = Object.values(en.providers);
    const slips = filled(en).filter((text) =>
      labels.some((label) => new RegExp(`\\ban? ${label.replace(/[()]/g, '\\$&')}`).test(text)),
    );
    expect(slips).toEqual([]);
  });
});

describe('en: every sentence with a filled-in provider or model', () => {
  it('puts no article before it, in any locale file (a new sentence is checked too)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('./en/', import.meta.url);
    const texts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
    expect(texts.length).toBeGreaterThan(500);
    expect(
      texts.filter((text) => /\ban? \{(provider|current|expected|model|skill|kind|wire)\}/i.test(text)),
    ).toEqual([]);
  });
});
