/**
 * compose_system_prompt (ledger part 1 `ordinance_contract`, part 4 `presence`). The order is fixed
 * for the prompt cache: Ordinance -> あなたについて -> 作業フォルダ -> 接地 -> Construct -> Skill ->
 * 顔ぶれ -> Memory. `stable` is Ordinance .. Skill (the cacheable prefix); the boundary is just before
 * the roster, so `volatile` is roster + Memory. An empty source leaves no trace (no empty heading).
 *
 * The work-folder and grounding sections are notices of absence, not prohibitions (Spec 05): they
 * state what the model does not have ("X is not available to you"), never "do not do X".
 * The self section names the agent by its display name only — never its role.
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { SystemPrompt } from '../../llm/canonical.ts';
import { rosterSection, type RosterEntry } from './roster.ts';

export interface SystemPromptInput {
  language: Language;
  /** Ordinance.md; "" when missing. */
  ordinance: string;
  self: { id: AgentId; name: string };
  /** The agent's work folder; null: no work-folder section. */
  workDir: string | null;
  /** grounding_active(): google_search AND the effective provider is Gemini. */
  groundingActive: boolean;
  construct: string;
  skill: string;
  /** Connections in `connected_agents` order. */
  roster: readonly RosterEntry[];
  memory: string;
}

interface PromptTexts {
  ordinance: string;
  self: (name: string) => string;
  workDir: (path: string) => string;
  grounding: string;
  construct: string;
  skill: string;
  memory: string;
}

export const SYSTEM_PROMPT_TEXTS: Record<Language, PromptTexts> = {
  ja: {
    ordinance: '# 村の条例',
    self: (name) => `# あなたについて\nあなたの名前は ${name} です。`,
    workDir: (path) =>
      `# 作業フォルダ\nあなたの作業フォルダは \`${path}\` です。ファイルを扱うツールが返すパスは、このフォルダからの相対パスです。`,
    grounding:
      '# Google 検索\nあなたは Google 検索の結果をもとに答えることがあります。ただし、検索で参照したページの URL はあなたの手元にありません（手元にあるのは検索語と、本文に出てくる発表元の名前だけです）。',
    construct: '# Construct',
    skill: '# Skill',
    memory: '# Memory',
  },
  en: {
    ordinance: '# Village ordinance',
    self: (name) => `# About you\nYour name is ${name}.`,
    workDir: (path) =>
      `# Work folder\nYour work folder is \`${path}\`. Paths returned by the file tools are relative to this folder.`,
    grounding:
      '# Google Search\nYou may answer from Google Search results. The URLs of the pages the search consulted are not available to you (what you have is the search queries and the names of the publishers that appear in the text).',
    construct: '# Construct',
    skill: '# Skill',
    memory: '# Memory',
  },
};

/** A file's content under its heading, or null when the file is empty. */
function fileSection(heading: string, content: string): string | null {
  const body = content.trim();
  return body === '' ? null : `${heading}\n${body}`;
}

function join(sections: readonly (string | null)[]): string {
  return sections.filter((s): s is string => s !== null).join('\n\n');
}

export function composeSystemPrompt(input: SystemPromptInput): SystemPrompt {
  const t = SYSTEM_PROMPT_TEXTS[input.language];
  const name = input.self.name.replace(/\s+/gu, ' ').trim() || input.self.id;
  const workDir = input.workDir?.trim() ? input.workDir.trim() : null;
  const stable = join([
    fileSection(t.ordinance, input.ordinance),
    t.self(name),
    workDir === null ? null : t.workDir(workDir),
    input.groundingActive ? t.grounding : null,
    fileSection(t.construct, input.construct),
    fileSection(t.skill, input.skill),
  ]);
  const volatile = join([
    rosterSection(input.roster, input.language, input.self.id),
    fileSection(t.memory, input.memory),
  ]);
  return { stable, volatile };
}
