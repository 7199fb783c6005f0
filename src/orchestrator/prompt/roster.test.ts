import { describe, expect, it } from 'vitest';
import type { AgentStatus } from '../../domain/enums.ts';
import { AGENT_STATUSES } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import { rosterLine, rosterSection, STATUS_LABELS, type RosterEntry } from './roster.ts';

const entry = (id: string, name: string, roleName: string | null, status: AgentStatus): RosterEntry => ({
  id: id as AgentId,
  name,
  roleName,
  status,
});

describe('rosterLine', () => {
  it('matches the ledger line byte for byte, with and without a role', () => {
    expect(rosterLine(entry('agent_2', 'ザリ・ロブステル', '調査役', 'running'), 'ja')).toBe(
      'agent_2 (ザリ・ロブステル) ［調査役］: 稼働中',
    );
    expect(rosterLine(entry('agent_2', 'ザリ・ロブステル', null, 'running'), 'ja')).toBe(
      'agent_2 (ザリ・ロブステル): 稼働中',
    );
  });

  it('writes English lines for an English village', () => {
    expect(rosterLine(entry('agent_2', 'Zari', 'Researcher', 'idle'), 'en')).toBe(
      'agent_2 (Zari) [Researcher]: stopped',
    );
  });

  it('has a word for every status in both languages', () => {
    for (const language of ['ja', 'en'] as const) {
      const words = AGENT_STATUSES.map((s) => STATUS_LABELS[language][s]);
      expect(new Set(words).size).toBe(AGENT_STATUSES.length);
    }
    expect(STATUS_LABELS.ja).toEqual({
      idle: '停止中',
      starting: '起動中',
      running: '稼働中',
      stopping: '停止処理中',
      failed: '失敗により停止',
    });
  });

  it('keeps each entry on one line', () => {
    expect(rosterLine(entry('a', 'x\ny', 'r\nq', 'running'), 'ja')).toBe('a (x y) ［r q］: 稼働中');
  });
});

describe('rosterSection', () => {
  it('lists connections in the given (connection) order, stopped ones included', () => {
    const section = rosterSection(
      [entry('agent_3', 'ミュゼ', null, 'failed'), entry('agent_2', 'ザリ', '調査役', 'idle')],
      'ja',
    );
    expect(section).toBe(
      '## 今の顔ぶれ\nagent_3 (ミュゼ): 失敗により停止\nagent_2 (ザリ) ［調査役］: 停止中',
    );
  });

  it('has no section without connections', () => {
    expect(rosterSection([], 'ja')).toBeNull();
  });

  it('never lists the agent itself', () => {
    const self = entry('agent_1', '私', '助役', 'running');
    expect(rosterSection([self], 'ja', 'agent_1' as AgentId)).toBeNull();
  });
});
