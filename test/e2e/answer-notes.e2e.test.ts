/**
 * What comes with an answer: a thinking summary in its own box (from a recorded real Anthropic
 * response with a thinking block), and search sources under a grounded Gemini answer, or the
 * explicit "no sources" line when the search returned none.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

const RECORDED_THINKING = JSON.parse(
  readFileSync(
    new URL(
      '../fixtures/provider-responses/anthropic-messages/anthropic-claude-opus-5-reasoning-high.1.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as unknown;

/** A grounded generateContent answer in Gemini's wire shape. */
function geminiGrounded(text: string, queries: string[], chunks: { uri: string; title?: string }[]): unknown {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text }] },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: { webSearchQueries: queries, groundingChunks: chunks.map((web) => ({ web })) },
      },
    ],
    usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 8, totalTokenCount: 28 },
    modelVersion: 'gemini-test',
  };
}

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  const origin = fake.baseUrl.replace(/\/v1$/, '');
  const claude = await village.api<{ id: string }>('upsert_template', {
    template: {
      name: 'Claude',
      baseUrl: `${origin}/v1`,
      model: 'claude-opus-5',
      provider: 'anthropic',
      credential: 'not_required',
    },
  });
  const gemini = await village.api<{ id: string }>('upsert_template', {
    template: {
      name: 'Gemini',
      baseUrl: `${origin}/v1beta`,
      model: 'gemini-test',
      provider: 'gemini',
      credential: 'not_required',
      googleSearch: true,
    },
  });
  await village.api('create_agent', { spec: { id: 'thinker', name: 'Thinker', modelTemplateId: claude.id } });
  await village.api('create_agent', {
    spec: { id: 'searcher', name: 'Searcher', modelTemplateId: gemini.id },
  });
  for (const agentId of ['thinker', 'searcher']) await village.api('start_agent', { agentId });
  ui = await openUi(village);
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

async function ask(agentId: string, text: string) {
  const { page } = ui;
  await page.getByTestId('chat-target').selectOption(agentId);
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

it('shows the thinking summary in its own box, apart from the answer and from any sources', async () => {
  const { page } = ui;
  fake.enqueue({ body: RECORDED_THINKING });
  await ask('thinker', 'roots of x^3-6x^2+11x-6?');
  const reply = page.locator('[data-testid="chat-message"][data-from="thinker"]');
  await reply.waitFor({ timeout: 30_000 });
  const box = reply.getByTestId('thinking');
  expect(await box.getByTestId('thinking-title').textContent()).toBe('思考の要約');
  expect(await box.textContent()).toContain('I need to find all roots of this cubic polynomial');
  expect(await reply.getByTestId('chat-content').textContent()).not.toContain('I need to find all roots');
  expect(await reply.getByTestId('grounding').count()).toBe(0);
});

it('lists the search sources of a grounded answer, and says so when there were none', async () => {
  const { page } = ui;
  fake.enqueue(
    {
      body: geminiGrounded(
        'Fuseforks is a village of servants.',
        ['what is fuseforks'],
        [{ uri: 'https://example.org/a', title: 'Example A' }, { uri: 'https://example.org/b' }],
      ),
    },
    { body: geminiGrounded('Nothing was found.', ['an unfindable thing'], []) },
  );
  await ask('searcher', 'what is fuseforks?');
  const first = page.locator('[data-testid="chat-message"][data-from="searcher"]').first();
  await first.getByTestId('grounding').waitFor({ timeout: 30_000 });
  const links = first.getByTestId('grounding').locator('a');
  expect(await links.allTextContents()).toEqual(['Example A', 'https://example.org/b']);
  expect(await first.getByTestId('grounding').textContent()).toContain('Google 検索');
  expect(await first.getByTestId('grounding').textContent()).toContain('what is fuseforks');

  await ask('searcher', 'find the unfindable');
  const second = page.locator('[data-testid="chat-message"][data-from="searcher"]').nth(1);
  await second.getByTestId('grounding-none').waitFor({ timeout: 30_000 });
  expect(await second.getByTestId('grounding-none').textContent()).toBe('参照元は返ってきていません');
  await screenshot(page, '14-thinking-and-sources');
  expect(ui.errors).toEqual([]);
});
