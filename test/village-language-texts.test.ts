/**
 * Issue 22: the English variant of every texts module a model reads has no Japanese and no full-width
 * punctuation, and English plan text uses ASCII brackets. Each function is called with sample
 * arguments, so a Japanese word hard-wired inside an English template is found too.
 */
import { describe, expect, it } from 'vitest';
import { PLAN_TEXT, bundleSection } from '../src/orchestrator/plan/plan-texts.ts';
import { planToolSpec } from '../src/orchestrator/plan/plan-spec.ts';
import { skippedSection, verifiedSection, verifyRequest } from '../src/orchestrator/plan/verify-texts.ts';
import { TEXTS, agentLabel } from '../src/orchestrator/texts.ts';
import type { AgentId } from '../src/domain/ids.ts';
import { DIFF_TEXTS } from '../src/tools/diff/diff-texts.ts';
import { FD_LISTING_TEXTS, FD_TEXTS } from '../src/tools/fd/fd-texts.ts';
import { FILE_TEXTS } from '../src/tools/file/file-texts.ts';
import { GREP_RESULT_TEXTS } from '../src/tools/grep/notices.ts';
import { jobFailureText } from '../src/tools/regex-worker/texts.ts';
import { REMEMBER_RESULTS } from '../src/tools/remember/remember-tool.ts';
import { RUN_RESULT_TEXTS } from '../src/tools/run/result-texts.ts';
import { SD_BATCH_TEXTS, SD_SPEC, SD_TEXTS } from '../src/tools/sd/sd-texts.ts';
import { WORK_DIR_TEXTS } from '../src/tools/work-dir/texts.ts';
import { WRITE_TEXTS } from '../src/tools/work-dir/write-texts.ts';
import { DOC_TEXTS } from '../src/tools/yq/yq-document.ts';
import { KEY_TEXTS } from '../src/tools/yq/yq-key.ts';
import { YQ_SPEC, YQ_TEXTS } from '../src/tools/yq/yq-texts.ts';
import { MCP_CALL_TEXTS } from '../src/mcp/client/call-texts.ts';
import { DOOR_TEXTS } from '../src/mcp/door/door-texts.ts';
import { FIRING_TEXTS } from '../src/schedule/firing-texts.ts';
import { PROBE_TEXTS } from '../src/schedule/probe/texts.ts';
import { BOARD_TEXTS } from '../src/tools/blackboard/board-texts.ts';
import { BLACKBOARD_TEXTS } from '../src/tools/blackboard/texts.ts';
import { RAG_TEXTS } from '../src/tools/rag/texts.ts';
import { noUtterance } from '../src/orchestrator/prompt/history.ts';
import { SUMMARY_ACK } from '../src/orchestrator/summarize.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
const FULL_WIDTH = /[\u3000-\u303f\uff00-\uffef]/u;

const STATS = { hunks: 1, added: 2, removed: 3 };
const SAMPLES: unknown[][] = [
  ['x', 'y', 'z', 'w'],
  [1, 2, 3, 4],
  [['x'], ['y'], 'z', 'w'],
  ['x', 1, STATS, 'w'],
  [true, 'y', 'z', 'w'],
  [false, 'y', 'z', 'w'],
  ['x', 'y', ['z'], 'w'],
  [{ kind: 'trash_unusable', rel: 'x', place: 'p' }, 'y'],
  [1, { kind: 'trash_unusable', rel: 'x', place: 'p' }],
];

/** Every text a value yields: strings as they are, functions called with each sample that works. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const out: [string, string][] = [];
    for (const args of SAMPLES) {
      try {
        const result: unknown = (value as (...a: unknown[]) => unknown)(...args);
        if (typeof result === 'string') out.push([`${path}(${JSON.stringify(args)})`, result]);
      } catch {
        // This sample does not fit the function's arguments; another does.
      }
    }
    expect(out.length, `${path} gave no text for any sample`).toBeGreaterThan(0);
    return out;
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => texts(v, `${path}.${k}`));
  }
  return [];
}

const MODULES: [string, { en: unknown; ja: unknown }][] = [
  ['orchestrator TEXTS', TEXTS],
  ['PLAN_TEXT', PLAN_TEXT],
  ['WORK_DIR_TEXTS', WORK_DIR_TEXTS],
  ['WRITE_TEXTS', WRITE_TEXTS],
  ['FILE_TEXTS', FILE_TEXTS],
  ['SD_TEXTS', SD_TEXTS],
  ['SD_BATCH_TEXTS', SD_BATCH_TEXTS],
  ['SD_SPEC', SD_SPEC],
  ['YQ_TEXTS', YQ_TEXTS],
  ['YQ_SPEC', YQ_SPEC],
  ['yq DOC_TEXTS', DOC_TEXTS],
  ['yq KEY_TEXTS', KEY_TEXTS],
  ['DIFF_TEXTS', DIFF_TEXTS],
  ['FD_TEXTS', FD_TEXTS],
  ['FD_LISTING_TEXTS', FD_LISTING_TEXTS],
  ['GREP_RESULT_TEXTS', GREP_RESULT_TEXTS],
  ['RUN_RESULT_TEXTS', RUN_RESULT_TEXTS],
  ['REMEMBER_RESULTS', REMEMBER_RESULTS],
  ['MCP_CALL_TEXTS', MCP_CALL_TEXTS],
  ['DOOR_TEXTS', DOOR_TEXTS],
  ['SUMMARY_ACK', { ja: { ack: SUMMARY_ACK.ja }, en: { ack: SUMMARY_ACK.en } }],
  ['FIRING_TEXTS', FIRING_TEXTS],
  ['PROBE_TEXTS', PROBE_TEXTS],
  ['BOARD_TEXTS', BOARD_TEXTS],
  ['BLACKBOARD_TEXTS', BLACKBOARD_TEXTS],
  ['RAG_TEXTS', RAG_TEXTS],
];

/** "file(s)", "hunk(s)": English texts say one file, two files. */
const NEUTRAL_PLURAL = /[a-z]\((?:s|es)\)/u;

describe('texts modules', () => {
  it.each(MODULES)(
    '%s: the English variant has no Japanese and no full-width punctuation',
    (name, module) => {
      const found = texts(module.en, `${name}.en`);
      expect(found.length).toBeGreaterThan(0);
      for (const [where, text] of found) {
        expect(text, where).not.toMatch(JAPANESE);
        expect(text, where).not.toMatch(FULL_WIDTH);
        expect(text, where).not.toMatch(NEUTRAL_PLURAL);
      }
    },
  );

  it.each(MODULES)('%s: the Japanese variant is Japanese', (name, module) => {
    const found = texts(module.ja, `${name}.ja`);
    expect(found.some(([, text]) => JAPANESE.test(text))).toBe(true);
  });

  it('an empty reply reads （発言なし） in Japanese (the ledger) and (no message) in English', () => {
    expect(noUtterance('ja')).toBe('（発言なし）');
    expect(noUtterance('en')).toBe('(no message)');
  });

  it('English counts say one and many, never (s)', () => {
    const stats = (hunks: number) => WRITE_TEXTS.en.stats({ hunks, added: 1, removed: 0 });
    expect(stats(1)).toBe('1 hunk, +1 / -0 line');
    expect(stats(2)).toBe('2 hunks, +1 / -0 line');
    expect(SD_TEXTS.en.replaced(1)).toBe('1 replacement');
    expect(SD_TEXTS.en.replaced(3)).toBe('3 replacements');
    expect(GREP_RESULT_TEXTS.en.total(1, 1)).toBe('Matches: 1 in all (1 file).');
    expect(MCP_CALL_TEXTS.en.mediaBlock('image', 'image/png', 1)).toContain('1 byte:');
  });

  it.each(MODULES)('%s: the Japanese variant has the same keys', (_name, module) => {
    expect(Object.keys(module.en as object).sort()).toEqual(Object.keys(module.ja as object).sort());
  });

  it('regex job failures follow the language', () => {
    for (const failure of ['timeout', 'aborted', 'crashed'] as const) {
      const en = jobFailureText('grep', 'pattern', { failure, limitMs: 2000, detail: 'd' }, 'en');
      expect(en).not.toMatch(JAPANESE);
      expect(jobFailureText('grep', 'pattern', { failure, limitMs: 2000 }, 'ja')).toMatch(JAPANESE);
    }
  });
});

describe('English plan text', () => {
  const label = (id: string) => agentLabel(id, id.toUpperCase(), 'en');

  it('names agents with ASCII brackets; Japanese keeps the ledger full-width ones', () => {
    expect(label('b')).toBe('b (B)');
    expect(agentLabel('b', 'ビー', 'ja')).toBe('b（ビー）');
  });

  it('uses ASCII brackets in the bundle, the verifier sections and request, and the plan tool', () => {
    const parts = [
      bundleSection(label('b'), 'answer'),
      verifiedSection(label('v'), 'fine', 'en'),
      skippedSection(label('v'), 'stopped', 'en'),
      verifyRequest(
        label('a'),
        [{ label: label('b'), message: 'do it' }],
        bundleSection(label('b'), 'x'),
        'en',
      ),
      JSON.stringify(planToolSpec(['b', 'c'] as AgentId[], (id) => label(id), 'en')),
    ];
    for (const text of parts) {
      expect(text).not.toMatch(FULL_WIDTH);
      expect(text).not.toMatch(JAPANESE);
    }
    expect(parts[0]).toBe('## b (B)\nanswer');
  });
});
