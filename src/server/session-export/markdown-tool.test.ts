import MarkdownIt from 'markdown-it';
import type { AgentId } from '../../domain/ids.ts';
import { describe, expect, it } from 'vitest';
import { message, toolCallRecord } from '../../store/test-kit.ts';
import { markdownMessage, markdownTool, type MarkdownContext } from './markdown.ts';
import { EXPORT_PREVIEW_CHARS, readableToolName } from './markdown-tool.ts';

const names: Record<string, string> = { alice: 'Alice', bob: 'Bob', carol: 'Carol' };
const context = (language: 'ja' | 'en'): MarkdownContext => ({
  language,
  agentName: (id) => names[id] ?? id,
  formatTime: () => '2026-12-01 09:00',
});

describe('readableToolName', () => {
  it('names routing calls by their target and MCP tools by server and tool, as the chat does', () => {
    const nameOf = (id: string) => names[id] ?? id;
    expect(readableToolName('ask_agent_2', 'bob', nameOf)).toBe('ask → Bob');
    expect(readableToolName('transfer_to_c', 'carol', nameOf)).toBe('transfer → Carol');
    expect(readableToolName('github__create_issue', undefined, nameOf)).toBe('github · create_issue');
    expect(readableToolName('file', undefined, nameOf)).toBe('file');
    expect(readableToolName('__odd', undefined, nameOf)).toBe('__odd');
  });
});

describe('markdownTool', () => {
  it('writes the row in the village language, with the reason state and the error mark', () => {
    const ja = markdownTool(
      toolCallRecord('alice', {
        name: 'ask_agent_2',
        target: 'bob' as AgentId,
        reasonState: 'omitted',
        reason: null,
        isError: true,
      }),
      context('ja'),
    );
    expect(ja).toContain('### 🔧 ツール: ask → Bob · Alice · 2026-12-01 09:00');
    expect(ja).toContain('_理由なし_');
    expect(ja).toContain('⚠ エラーで返った');
    expect(ja).toContain('引数:\n\n```\n{\n  "op": "read"\n}\n```');
    expect(ja).toContain('結果:\n\n```\nnotes\n```');
    const en = markdownTool(
      toolCallRecord('alice', { reasonState: 'unsupported', reason: null }),
      context('en'),
    );
    expect(en).toContain('_external tool_');
    expect(en).not.toContain('⚠');
  });

  it('bounds the previews and keeps a reason or result from running or breaking out of its block', () => {
    const long = `${'r'.repeat(EXPORT_PREVIEW_CHARS)}TAIL`;
    const row = markdownTool(
      toolCallRecord('alice', {
        reason: '```<img src=x onerror=alert(1)>',
        resultPreview: `\`\`\`\n<img src=x onerror=alert(1)>\n${long}`,
        resultChars: 16_000,
      }),
      context('en'),
    );
    expect(row).not.toContain('TAIL');
    expect(row).toContain('Result (first 2,000 of 16,000 characters):');
    const html = new MarkdownIt({ html: true }).render(row);
    expect(html).not.toMatch(/<img/);
  });
});

describe('markdownMessage', () => {
  it('names System lines Fuseforks and shows an old budget stop line with its ceiling and what to do', () => {
    const line =
      '次の呼び出しぶんの予算（上限は実効 50000 トークン）を確保できなかったため打ち切りました。続きが要るなら改めて依頼してください（予算は依頼ごとに新しく付きます）';
    const md = markdownMessage(
      message(line, { from: { kind: 'system' }, to: { kind: 'user' } }),
      context('ja'),
    );
    expect(md).toContain('## Fuseforks → あなた · 2026-12-01 09:00');
    expect(md).toContain(
      '**■ トークン予算の上限で停止しました**\n\n上限は依頼ごとに実効 50,000 トークンです。',
    );
    expect(md).toContain('システム設定でトークン予算を引き上げてから');
    expect(md).toContain(`> ${line}`);
  });

  it('shows the figures of a stop that carries them (English)', () => {
    const md = markdownMessage(
      message(
        'Stopped because the budget for the next call (ceiling: 1000 effective tokens) could not be reserved.',
        {
          from: { kind: 'system' },
          to: { kind: 'user' },
          budgetStop: {
            ceilingTokens: 1000,
            remainingTokens: 200,
            estimateTokens: 350,
            reason: 'reserve_short',
          },
        },
      ),
      context('en'),
    );
    expect(md).toContain(
      'The limit is 1,000 effective tokens per request: 800 were already spent or reserved and 200 left, but the next call needed about 350.',
    );
    expect(md).toContain('Raise the token budget in System settings, then ask again');
  });

  it('does not take an agent quoting the stop line for a stop', () => {
    const md = markdownMessage(
      message(
        'Stopped because the budget for the next call (ceiling: 1 effective tokens) could not be reserved.',
        {
          from: { kind: 'agent', id: 'alice' as AgentId },
          to: { kind: 'user' },
        },
      ),
      context('en'),
    );
    expect(md).not.toContain('■');
  });
});
