/**
 * The Markdown download (GET /api/sessions/{id}.md, issue 22) over real HTTP: tool rows in their place,
 * the budget stop with what to do, System lines from "Fuseforks", raw HTML neutralised outside code.
 * Real store in a temp folder, a servant on the fake provider.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import type { SessionSummary } from '../src/domain/session.ts';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  makeTempRoot,
  removeRoot,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
let root: string | null = null;
let fake: FakeProvider | null = null;
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  if (root) await removeRoot(root);
  root = null;
  await fake?.stop();
  fake = null;
});

async function open(language: 'en' | 'ja'): Promise<{ v: TestVillage; fake: FakeProvider }> {
  root = await makeTempRoot();
  fake = await new FakeProvider().start();
  const v = await startTestVillage({ root, language });
  opened.push(v);
  await v.ready();
  const work = join(v.root, 'work');
  mkdirSync(work, { recursive: true });
  // A file longer than the export's preview, with markup in it.
  writeFileSync(join(work, 'notes.md'), `<tea> ${'n'.repeat(5_000)}`);
  await startFakeServant(v, fake.baseUrl, { id: 's', name: 'Sam', workDir: work, enabledTools: ['file'] });
  return { v, fake };
}

async function markdownOf(v: TestVillage): Promise<string> {
  const session = await v.ok<SessionSummary>('current_session');
  const res = await fetch(`${v.server.url}/api/sessions/${session.id}.md`, {
    headers: { authorization: `Bearer ${v.server.token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

const REPLY = [
  'Done. <img src=x onerror=alert(1)> and <svg onload=alert(2)> & more.',
  '',
  '```html',
  '<b>kept as code</b>',
  '```',
  '',
  'Inline `<i>code</i>` stays.',
].join('\n');

describe('the Markdown download', () => {
  it('shows the tool rows in their place, neutralises raw HTML outside code, and names System lines Fuseforks', async () => {
    const { v, fake } = await open('en');
    fake.enqueue(
      { body: openAiToolCall('file', { op: 'read', path: 'notes.md', reason: 'read the <b>notes</b>' }) },
      { body: openAiToolCall('file', { op: 'read', path: 'missing.md' }) },
      { body: textReply('openai', REPLY) },
    );
    await v.ok('send_user_message', { to: 's', content: 'read my notes' });
    await waitForMessage(v, (m: AgentMessage) => m.from.kind === 'agent', 'the reply');
    const text = await markdownOf(v);

    // System lines are the app's, as the chat shows them.
    expect(text).toMatch(/## Fuseforks → You · /);
    expect(text).not.toMatch(/## System /);
    // The two tool rows, between the request and the reply, readable, the error marked, bounded previews.
    const request = text.indexOf('read my notes');
    const first = text.indexOf('### 🔧 Tool: file · Sam · ');
    const second = text.indexOf('### 🔧 Tool: file · Sam · ', first + 1);
    const reply = text.indexOf('Done.');
    expect(request).toBeGreaterThan(-1);
    expect(first).toBeGreaterThan(request);
    expect(second).toBeGreaterThan(first);
    expect(reply).toBeGreaterThan(second);
    const firstRow = text.slice(first, second);
    expect(firstRow).toContain('Reason: read the &lt;b&gt;notes&lt;/b&gt;');
    expect(firstRow).not.toContain('⚠');
    expect(firstRow).toMatch(/Arguments:\n\n```\n\{\n {2}"op": "read",\n {2}"path": "notes.md"\n\}\n```/);
    // The result cut to the export's preview, saying how much of the whole it shows; code, so <tea> stays.
    expect(firstRow).toMatch(/Result \(first 2,000 of [\d,]+ characters\):\n\n```\n[^`]*<tea> n+\n```/);
    expect(firstRow.length).toBeLessThan(2_600);
    expect(text.slice(second, reply)).toContain('⚠ returned with an error');
    expect(text.slice(second, reply)).toContain('_no reason given_');
    // Raw HTML outside code is entities; code blocks and code spans are kept as code.
    expect(text).toContain(
      'Done. &lt;img src=x onerror=alert(1)&gt; and &lt;svg onload=alert(2)&gt; &amp; more.',
    );
    expect(text).not.toContain('<img');
    expect(text).not.toContain('<svg');
    expect(text).toContain('```html\n<b>kept as code</b>\n```');
    // Inline code keeps its span; its markup is escaped too (a span can pair across lines in CommonMark).
    expect(text).toContain('Inline `&lt;i&gt;code&lt;/i&gt;` stays.');
  });

  it('shows a budget stop with its figures and what to do, the ledger line quoted beside them (Japanese)', async () => {
    const { v } = await open('ja');
    await v.ok('set_token_budget', { tokenBudget: 1 });
    await v.ok('send_user_message', { to: 's', content: '予算を超える依頼' });
    const list = await waitForMessage(v, (m) => m.budgetStop !== undefined, 'the budget stop');
    const stop = list.find((m) => m.budgetStop !== undefined)!;
    const text = await markdownOf(v);
    expect(text).toContain('**■ トークン予算の上限で停止しました**');
    expect(text).toMatch(
      /上限は依頼ごとに実効 1 トークン(です。使用・確保済みが|で、すべて使用・確保済みでした。)/,
    );
    expect(text).toContain(
      'システム設定でトークン予算を引き上げてから、改めて依頼してください。同じ上限のままでは同じところで止まります。',
    );
    // The stored System line keeps the ledger's words, quoted, under the app's name.
    expect(text).toContain(`> ${stop.content}`);
    expect(stop.content).toContain('改めて依頼してください');
    expect(text).toMatch(/## Fuseforks → /);
  });
});
