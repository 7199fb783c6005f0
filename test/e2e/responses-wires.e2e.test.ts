/**
 * The four Responses wires as a person meets them, in Chromium against `fuseforks serve` and the fake
 * provider: for each, a template made in the template editor (provider chosen, base URL at the fake,
 * the web search skill ticked, a key typed), a servant on it started from its card, a plain answer,
 * then a searched answer whose sources show under the engine's label; for OpenAI also the thinking
 * summary box. Steps share one village, in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../../src/domain/enums.ts';
import { FakeProvider } from '../fakes/fake-provider.ts';
import {
  messageItem,
  metaSearchReply,
  openAiSearchReply,
  perplexitySearchReply,
  reasoningReply,
  responsesText,
  xaiSearchReply,
  type SearchAnswer,
} from '../fakes/responses-replies.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
  until,
} from './ui-harness.ts';

interface WorldView {
  agents: { id: string; name: string; status: string; lastError: { code: string; message: string } | null }[];
  templates: {
    id: string;
    name: string;
    provider: Provider | null;
    credential: string;
    [skill: string]: unknown;
  }[];
}

interface UiCase {
  provider: Provider;
  servant: string;
  model: string;
  skill: string;
  /** The grounding box's head in the English UI (web/src/locales/en/chat.json `engine`). */
  engineLabel: string;
  searchReply: (answer: SearchAnswer) => unknown;
  /** What the source links read: the title, or the URL where the provider gives none (xAI). */
  linkTexts: string[];
}

const SEARCH: SearchAnswer = {
  text: 'The village has two wells.',
  query: 'village wells',
  sources: [
    { url: 'https://example.org/wells', title: 'Wells of the village' },
    { url: 'https://example.org/map', title: 'Village map' },
  ],
};
const TITLES = SEARCH.sources.map((s) => s.title);

const CASES: UiCase[] = [
  {
    provider: 'open_ai_responses',
    servant: 'Olive',
    model: 'gpt-5-mini',
    skill: 'openaiWebSearch',
    engineLabel: 'OpenAI web search',
    searchReply: openAiSearchReply,
    linkTexts: TITLES,
  },
  {
    provider: 'xai_responses',
    servant: 'Xander',
    model: 'grok-4-fast-reasoning',
    skill: 'xaiWebSearch',
    engineLabel: 'xAI search',
    searchReply: (answer) => xaiSearchReply(answer, 'web'),
    linkTexts: SEARCH.sources.map((s) => s.url),
  },
  {
    provider: 'meta_responses',
    servant: 'Meg',
    model: 'muse-spark',
    skill: 'metaWebSearch',
    engineLabel: 'Meta web search',
    searchReply: metaSearchReply,
    linkTexts: TITLES,
  },
  {
    provider: 'perplexity_responses',
    servant: 'Percy',
    model: 'openai/gpt-5-mini',
    skill: 'perplexityWebSearch',
    engineLabel: 'Perplexity search',
    searchReply: perplexitySearchReply,
    linkTexts: TITLES,
  },
];

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

screenshotFailures('responses', () => page);

const world = () => village.api<WorldView>('get_world');

const keyOf = (c: UiCase) => `sk-e2e-${c.provider}-5d1c`;
const agentOf = async (c: UiCase) => (await world()).agents.find((a) => a.name === c.servant)!;

/** The servant of `c`, which must be running (a failed start says so at once, not after a timeout). */
async function runningAgentOf(c: UiCase) {
  const agent = await agentOf(c);
  expect(agent, `${c.servant} is not running`).toMatchObject({ status: 'running' });
  return agent;
}

async function send(agentId: string, text: string) {
  await page.getByTestId('chat-target').selectOption(agentId);
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

function replyOf(agentId: string, text: string) {
  return page.locator(`[data-testid="chat-message"][data-from="${agentId}"]`).filter({ hasText: text });
}

describe.sequential('the four Responses wires in the UI', () => {
  it('skips the first-run tour', async () => {
    await page.getByTestId('tour').waitFor();
    await page.getByTestId('tour-skip').click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });
  });

  for (const c of CASES) {
    it(`${c.provider}: a template made in the editor, its search skill ticked and a key typed`, async () => {
      const before = (await world()).templates.length;
      if (before === 0) await page.getByTestId('template-first').click();
      else {
        await page.getByTestId('open-templates').click();
        await page.getByTestId('templates-dialog').waitFor();
        await page.getByTestId('template-new').click();
      }
      const dialog = page.getByTestId('templates-dialog');
      await dialog.waitFor();
      await page.getByTestId('template-name').fill(`${c.servant}'s model`);
      await page.getByTestId('template-provider').selectOption(c.provider);
      await page.getByTestId('template-base-url').fill(fake.baseUrl);
      await page.getByTestId('template-model').fill(c.model);
      await page.getByTestId(`template-skill-${c.skill}`).check();
      // A local URL is not a vendor's host: no mismatch warning, no misconfigured skill.
      expect(await page.getByTestId('template-url-warning').count()).toBe(0);
      expect(await page.getByTestId(`template-skill-warning-${c.skill}`).count()).toBe(0);
      await page.getByTestId('template-save').click();
      const saved = await until(world, (w) => w.templates.length === before + 1, 'the template');
      expect(saved.templates.at(-1)).toMatchObject({ provider: c.provider, [c.skill]: true });

      await page.getByTestId('template-secret').fill(keyOf(c));
      await page.getByTestId('template-set-secret').click();
      await until(world, (w) => w.templates.at(-1)?.credential === 'keyring', 'the key to be stored');
      await page.locator('[data-testid="template-credential-status"][data-credential="keyring"]').waitFor();
      await expect.poll(() => page.getByTestId('template-save').isDisabled()).toBe(false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it(`${c.provider}: a servant on it, started from its card, answers`, async () => {
      const template = (await world()).templates.find((x) => x.name === `${c.servant}'s model`)!;
      await page.getByTestId('agent-new').click();
      await page.getByTestId('agent-settings-dialog').waitFor();
      await page.getByTestId('agent-name').fill(c.servant);
      await page.getByTestId('agent-template').selectOption(template.id);
      await page.getByTestId('agent-create').click();
      await until(world, (w) => w.agents.some((a) => a.name === c.servant), `servant ${c.servant}`);
      await page.locator('[data-testid="agent-settings-dialog"][data-mode="edit"]').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('agent-settings-dialog').waitFor({ state: 'detached' });

      const { id } = await agentOf(c);
      await page
        .locator(`[data-testid="agent-card"][data-agent-id="${id}"] [data-testid="agent-standby"]`)
        .click();
      // A wire this build cannot speak fails the start (LLM_CONFIG): the error is in the message.
      await until(agentOf.bind(null, c), (a) => a.status === 'running' || a.status === 'failed', 'the start');
      expect(await agentOf(c)).toMatchObject({ status: 'running', lastError: null });

      const requestsBefore = fake.requests.length;
      fake.enqueue({ body: responsesText(`Hello, I am ${c.servant}.`) });
      await send(id, 'hello');
      await replyOf(id, `Hello, I am ${c.servant}.`).waitFor({ timeout: 30_000 });
      const sent = fake.requests[requestsBefore]!;
      expect(sent.path).toBe('/v1/responses');
      expect(sent.headers.authorization).toBe(`Bearer ${keyOf(c)}`);
      expect(await page.content()).not.toContain(keyOf(c));
    });

    it(`${c.provider}: a searched answer shows its sources under "${c.engineLabel}"`, async () => {
      const { id } = await runningAgentOf(c);
      const requestsBefore = fake.requests.length;
      fake.enqueue({ body: c.searchReply(SEARCH) });
      await send(id, 'how many wells?');
      const reply = replyOf(id, SEARCH.text);
      await reply.getByTestId('grounding').waitFor({ timeout: 30_000 });
      // The ticked skill reached the wire as the provider's search tool.
      const tools = (fake.requests[requestsBefore]!.body as { tools?: { type: string }[] }).tools ?? [];
      expect(tools.map((t) => t.type)).toContain('web_search');
      const box = reply.getByTestId('grounding');
      expect(await box.locator('.head').textContent()).toBe(c.engineLabel);
      expect(await box.locator('a').allTextContents()).toEqual(c.linkTexts);
      expect(await box.locator('a').first().getAttribute('href')).toBe(SEARCH.sources[0]!.url);
      expect(await reply.getByTestId('chat-content').textContent()).toBe(SEARCH.text);
      await screenshot(page, `30-responses-${c.provider}-sources`);
    });
  }

  it('open_ai_responses: the thinking summary in its own box, apart from the answer', async () => {
    const { id } = await runningAgentOf(CASES[0]!);
    const summary = 'Counting the wells on the map first.';
    fake.enqueue({ body: reasoningReply([summary], [messageItem('Two wells, by the map.')]) });
    await send(id, 'count them again');
    const reply = replyOf(id, 'Two wells, by the map.');
    await reply.getByTestId('thinking').waitFor({ timeout: 30_000 });
    expect(await reply.getByTestId('thinking-title').textContent()).toBe('Thinking summary');
    expect(await reply.getByTestId('thinking').textContent()).toContain(summary);
    expect(await reply.getByTestId('chat-content').textContent()).not.toContain(summary);
    await screenshot(page, '31-responses-thinking');
    expect(ui.errors).toEqual([]);
  });
});
