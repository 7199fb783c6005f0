import { describe, expect, it } from 'vitest';
import type { Language } from '../../domain/enums.ts';
import { blackboardSpec } from './descriptions.ts';

interface Texts {
  description: string;
  schema: Record<string, string>;
}

function texts(language: Language): Texts {
  const spec = blackboardSpec(language);
  const properties = (spec.parameters as { properties: Record<string, { description: string }> }).properties;
  const schema = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, p.description]));
  return { description: spec.description, schema };
}

const chars = (text: string): number => [...text].length;

/** Freeze 11's points (and the P2 phrase), each as it must read in both languages. */
const POINTS: { point: string; ja: RegExp; en: RegExp }[] = [
  { point: 'one note per job', ja: /1 つの仕事に 1 枚の付箋/, en: /one note per job/ },
  {
    point: 'list the board when starting',
    ja: /取りかかるときはまず list/,
    en: /start a job, list the board first/,
  },
  { point: 'doing means working on it', ja: /doing（取り組み中）/, en: /doing \(working on it\)/ },
  {
    // Only the owner moves a note: it must not read as if a manager moved it.
    point: 'on-hold = told to stop and moved it yourself',
    ja: /on-hold（止めるよう言われて自分で動かした）/,
    en: /on-hold \(you were told to stop and moved it there yourself\)/,
  },
  {
    point: 'done is final',
    ja: /done（終わった。もう動かせず書き足せない）/,
    en: /done \(finished; it can no longer be moved or appended to\)/,
  },
  {
    point: 'write only creates',
    ja: /write は新しい付箋を doing に作るだけで、既存は上書きしません/,
    en: /write only creates a new note, in doing, and never replaces one/,
  },
  {
    point: 'answers go in the reply',
    ja: /仕事の答えは黒板ではなく返信で返し/,
    en: /Answers to the job go in your reply, not on the blackboard/,
  },
  {
    point: 'move to done before the final report',
    ja: /最終の報告を返す前に付箋を done へ move/,
    en: /move your note to done before you return the final report/,
  },
  {
    point: 'only own notes change',
    ja: /書き換えられるのは自分の付箋だけ/,
    en: /You can change only your own notes/,
  },
  {
    point: 'the fence',
    ja: /blackboard\/ の下は file・sd・yq では書き換えられません/,
    en: /file, sd and yq cannot write under blackboard\//,
  },
];

describe('the blackboard description carries the conventions (freeze 11)', () => {
  for (const { point, ja, en } of POINTS) {
    it(`says "${point}" in ja and en`, () => {
      expect(texts('ja').description).toMatch(ja);
      expect(texts('en').description).toMatch(en);
    });
  }

  it('says in the schema which arguments each op takes, and the limits', () => {
    for (const language of ['ja', 'en'] as const) {
      const { schema } = texts(language);
      expect(Object.keys(schema)).toEqual(['op', 'name', 'body', 'to', 'owner']);
      expect(schema.op).toMatch(
        language === 'ja' ? /write（新規のみ。name と body）/ : /write \(new notes only; name and body\)/,
      );
      expect(schema.op).toMatch(language === 'ja' ? /move（name と to）/ : /move \(name and to\)/);
      expect(schema.name).toContain('80');
      expect(schema.body).toContain('12,000');
    }
  });

  it('stays within the lengths the ledger measured (ja 480 / en 1,041; schema ja 259 / en 537)', () => {
    const limits = { ja: [480, 259], en: [1041, 537] } as const;
    for (const language of ['ja', 'en'] as const) {
      const { description, schema } = texts(language);
      expect(chars(description)).toBeLessThanOrEqual(limits[language][0]);
      expect(chars(Object.values(schema).join(''))).toBeLessThanOrEqual(limits[language][1]);
    }
  });
});
