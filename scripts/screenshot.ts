/**
 * The README's picture of the main view: `npx tsx scripts/screenshot.ts` starts a demo village (a
 * fake OpenAI-compatible provider on this machine, no key, no network), four servants with bonds in a
 * group, a short conversation, then takes the page in Chromium at 1280x800 in the light theme and
 * writes docs/screenshot.png. Uses the end-to-end tests' village and browser (test/e2e/ui-village.ts).
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureUiBuilt } from '../src/server/web-ui.ts';
import { FakeProvider, textReply } from '../test/fakes/fake-provider.ts';
import {
  closeBrowser,
  launchBrowser,
  startUiVillage,
  until,
  type UiVillage,
} from '../test/e2e/ui-village.ts';

const OUT = fileURLToPath(new URL('../docs/screenshot.png', import.meta.url));

const CONVERSATION: [ask: string, answer: string][] = [
  [
    'Plan a short blog post about local-first apps.',
    'Here is the plan:\n\n1. **Research** collects three examples of local-first apps.\n2. **Writer** drafts 600 words from the notes.\n3. **Reviewer** checks facts and tone.\n\nShall I hand it on?',
  ],
  ['Yes, go ahead.', 'Handed on to Research. I will bring you the draft once Reviewer has read it.'],
];

async function demoVillage(village: UiVillage, fake: FakeProvider): Promise<void> {
  for (const [ask, answer] of CONVERSATION)
    fake.answerWhenUserSays(ask, { body: textReply('openai', answer) });
  const { id: templateId } = await village.api<{ id: string }>('upsert_template', {
    template: {
      name: 'Local model',
      baseUrl: fake.baseUrl,
      model: 'demo-1',
      provider: 'open_ai_compat',
      credential: 'not_required',
      contextLength: 32_000,
    },
  });
  const { id: groupId } = await village.api<{ id: string }>('upsert_group', { group: { name: 'Blog team' } });
  const servants = [
    { id: 'coordinator', name: 'Coordinator', connectedAgents: ['research', 'writer'] },
    { id: 'research', name: 'Research', connectedAgents: ['writer'] },
    { id: 'writer', name: 'Writer', connectedAgents: ['reviewer'] },
    { id: 'reviewer', name: 'Reviewer', connectedAgents: [] },
  ];
  // Created without bonds first: a bond must name a servant that exists.
  for (const s of servants) {
    await village.api('create_agent', {
      spec: { id: s.id, name: s.name, modelTemplateId: templateId, groupId },
    });
  }
  for (const s of servants) {
    await village.api('set_connections', { agentId: s.id, connectedAgents: s.connectedAgents });
  }
  await village.api('set_topology_positions', {
    positions: {
      coordinator: { x: 0, y: 120 },
      research: { x: 260, y: 0 },
      writer: { x: 260, y: 240 },
      reviewer: { x: 520, y: 240 },
    },
  });
  for (const s of servants) await village.api('start_agent', { agentId: s.id });
  for (const [ask, answer] of CONVERSATION) {
    await village.api('send_user_message', { to: 'coordinator', content: ask });
    await until(
      () => village.api<{ content: string }[]>('list_messages', {}),
      (messages) => messages.some((m) => m.content === answer),
      `the reply to "${ask}"`,
    );
  }
}

async function main(): Promise<void> {
  await ensureUiBuilt((line) => console.log(line));
  const fake = await new FakeProvider().start();
  const village = await startUiVillage('en');
  try {
    await demoVillage(village, fake);
    const browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(village.url);
    await page.getByTestId('chat-target').selectOption('coordinator');
    await page.getByTestId('chat-message').filter({ hasText: 'Handed on to Research' }).waitFor();
    // The bond map comes after the conversation (its own file); every servant drawn on it.
    await page.locator('.vue-flow__node').nth(3).waitFor();
    await page.locator('.vue-flow__edge').nth(3).waitFor({ state: 'attached' });
    await mkdir(dirname(OUT), { recursive: true });
    await page.screenshot({ path: OUT });
    console.log(`wrote ${join('docs', 'screenshot.png')}`);
    await context.close();
  } finally {
    await closeBrowser();
    await village.stop();
    await fake.stop();
  }
}

await main();
