import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import { systemText } from '../../llm/canonical.ts';
import type { RosterEntry } from './roster.ts';
import { composeSystemPrompt, type SystemPromptInput } from './system-prompt.ts';

const zari: RosterEntry = {
  id: 'agent_2' as AgentId,
  name: 'ザリ・ロブステル',
  roleName: '調査役',
  status: 'running',
};

const full = (over: Partial<SystemPromptInput> = {}): SystemPromptInput => ({
  language: 'ja',
  ordinance: '村の規則。\n',
  self: { id: 'agent_1' as AgentId, name: 'ミュゼ' },
  workDir: '/home/u/work',
  groundingActive: true,
  construct: '構成の本文',
  skill: '技能の本文',
  roster: [zari],
  memory: '覚えたこと',
  ...over,
});

describe('composeSystemPrompt', () => {
  it('puts the eight sections in the fixed order, split just before the roster', () => {
    const prompt = composeSystemPrompt(full());
    expect(prompt.stable).toBe(
      [
        '# 村の条例\n村の規則。',
        '# あなたについて\nあなたの名前は ミュゼ です。',
        '# 作業フォルダ\nあなたの作業フォルダは `/home/u/work` です。ファイルを扱うツールが返すパスは、このフォルダからの相対パスです。',
        '# Google 検索\nあなたは Google 検索の結果をもとに答えることがあります。ただし、検索で参照したページの URL はあなたの手元にありません（手元にあるのは検索語と、本文に出てくる発表元の名前だけです）。',
        '# Construct\n構成の本文',
        '# Skill\n技能の本文',
      ].join('\n\n'),
    );
    expect(prompt.volatile).toBe(
      '## 今の顔ぶれ\nagent_2 (ザリ・ロブステル) ［調査役］: 稼働中\n\n# Memory\n覚えたこと',
    );
    const whole = systemText(prompt);
    const order = [
      '# 村の条例',
      '# あなたについて',
      '# 作業フォルダ',
      '# Google 検索',
      '# Construct',
      '# Skill',
      '## 今の顔ぶれ',
      '# Memory',
    ];
    const positions = order.map((h) => whole.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('writes English for an English village', () => {
    const prompt = composeSystemPrompt(
      full({ language: 'en', roster: [{ ...zari, name: 'Zari', roleName: 'Researcher' }] }),
    );
    expect(prompt.stable).toContain('# Village ordinance\n');
    expect(prompt.stable).toContain('# About you\nYour name is ミュゼ.');
    expect(prompt.stable).toContain(
      '# Work folder\nYour work folder is `/home/u/work`. Paths returned by the file tools are relative to this folder.',
    );
    expect(prompt.stable).toContain('are not available to you');
    expect(prompt.volatile).toBe(
      '## Who is here now\nagent_2 (Zari) [Researcher]: running\n\n# Memory\n覚えたこと',
    );
  });

  it('leaves no trace of empty sources', () => {
    const prompt = composeSystemPrompt(
      full({
        ordinance: '  \n',
        workDir: null,
        groundingActive: false,
        construct: '',
        skill: '\n',
        roster: [],
        memory: '',
      }),
    );
    expect(prompt).toEqual({ stable: '# あなたについて\nあなたの名前は ミュゼ です。', volatile: '' });
  });

  it('has no roster section without connections, Memory alone is the volatile part', () => {
    expect(composeSystemPrompt(full({ roster: [] })).volatile).toBe('# Memory\n覚えたこと');
  });

  it('never shows the agent its own role name', () => {
    const self: RosterEntry = {
      id: 'agent_1' as AgentId,
      name: 'ミュゼ',
      roleName: '助役',
      status: 'running',
    };
    const prompt = composeSystemPrompt(full({ roster: [self, zari] }));
    expect(systemText(prompt)).not.toContain('助役');
    expect(systemText(prompt)).toContain('［調査役］');
    expect(prompt.stable).not.toContain('調査役');
  });

  it('keeps the stable part still when statuses change (the cache boundary does not move)', () => {
    const running = composeSystemPrompt(full());
    const stopped = composeSystemPrompt(
      full({ roster: [{ ...zari, status: 'idle' }], memory: 'もっと覚えた' }),
    );
    expect(stopped.stable).toBe(running.stable);
    expect(stopped.volatile).not.toBe(running.volatile);
  });
});
