import type { Language } from '../../domain/enums.ts';
import type { ToolSpec } from '../../llm/canonical.ts';
import { BLACKBOARD_STATES } from './layout.ts';

/**
 * The conventions travel in the description (freeze 11): a new village's Ordinance.md is empty, so the
 * tool itself must say one note per job, list first, what the states mean, write is create-only and
 * done is final, answers go in the reply, and move to done before the final report. It also says file,
 * sd and yq cannot write under blackboard/ (freeze 9), so the model does not lose a round to the fence.
 * The ledger's measured texts (P2: ja 480 / en 1,041, schema ja 259 / en 537 characters) are the
 * ceiling the test holds these to.
 */
const TEXT = {
  ja: {
    description:
      '村の黒板（作業フォルダの blackboard/）の付箋を扱います。1 つの仕事に 1 枚の付箋。仕事に取りかかるときはまず list で盤面を見てください。状態は 3 つ: doing（取り組み中）、on-hold（止めるよう言われて自分で動かした）、done（終わった。もう動かせず書き足せない）。write は新しい付箋を doing に作るだけで、既存は上書きしません。経過は append、状態の変更は move、片付けは remove（ごみ箱へ）。書き換えられるのは自分の付箋だけ、読むのは誰の付箋でも read で。blackboard/ の下は file・sd・yq では書き換えられません。仕事の答えは黒板ではなく返信で返し、最終の報告を返す前に付箋を done へ move してください。',
    op: 'list（盤面。引数なし）・read（name。他人の付箋は owner も）・write（新規のみ。name と body）・append（name と body）・move（name と to）・remove（name）のどれか',
    name: '仕事名（80 字まで。.md は付けなくてよい）',
    body: 'write・append で書く内容（1 枚 12,000 字まで）',
    to: 'move の宛先の状態',
    owner: 'read で他人の付箋を読むときの持ち主（id か表示名）',
  },
  en: {
    description:
      "The village blackboard (blackboard/ in the work folder): one note per job. When you start a job, list the board first. Three states: doing (working on it), on-hold (you were told to stop and moved it there yourself), done (finished; it can no longer be moved or appended to). write only creates a new note, in doing, and never replaces one. Use append for progress, move to change the state, remove to clear a note (to the trash). You can change only your own notes; read reads anyone's. file, sd and yq cannot write under blackboard/. Answers to the job go in your reply, not on the blackboard; move your note to done before you return the final report.",
    op: "One of list (the board; no arguments), read (name; owner for someone else's note), write (new notes only; name and body), append (name and body), move (name and to), remove (name)",
    name: 'The task name (at most 80 characters, no need for .md)',
    body: 'The text for write / append (a note has at most 12,000 characters)',
    to: 'The state to move the note to',
    owner: "Whose note to read (an id or a display name), for someone else's note",
  },
};

export function blackboardSpec(language: Language): ToolSpec {
  const t = TEXT[language];
  return {
    name: 'blackboard',
    description: t.description,
    parameters: {
      type: 'object',
      properties: {
        op: {
          type: 'string',
          enum: ['list', 'read', 'write', 'append', 'move', 'remove'],
          description: t.op,
        },
        name: { type: 'string', description: t.name },
        body: { type: 'string', description: t.body },
        to: { type: 'string', enum: [...BLACKBOARD_STATES], description: t.to },
        owner: { type: 'string', description: t.owner },
      },
      required: ['op'],
    },
  };
}
