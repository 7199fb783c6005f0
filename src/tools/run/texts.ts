/** The run tool's description and parameters in the village language (results: result-texts.ts). */
import type { Language } from '../../domain/enums.ts';
import { STDERR_SLOT_CHARS, STDOUT_SLOT_CHARS } from './output-slots.ts';

const n = (value: number): string => value.toLocaleString('en-US');

/** At most this many allow patterns are listed in the description. */
export const LISTED_PATTERNS_MAX = 100;

const DESCRIPTION = {
  ja: {
    intro: (secs: number) =>
      `プログラムを 1 つ実行し、実行したファイルのフルパス・終了コード・stdout・stderr を返します。シェルは通しません: command にはプログラム名だけ（/ \\ : を含むパスは不可）、args には引数を 1 つずつ配列で書きます。パイプ・&&・リダイレクト・ワイルドカード展開・シェルの組み込みコマンド（echo など）は使えず、標準入力もありません。作業ディレクトリは作業フォルダ（未設定ならホーム）、時間切れは ${secs} 秒、出力は stdout 先頭 ${n(STDOUT_SLOT_CHARS)} 字・stderr 先頭 ${n(STDERR_SLOT_CHARS)} 字までです。0 以外の終了コードも普通の結果として返ります。コマンドが終わると、それが残したプロセス（バックグラウンドやデーモン化したものも）は終了させます。`,
    allowed: (c: string) =>
      `実行できるのは次のパターンに一致する呼び出しだけです（"${c}" は引数なしの ${c} だけに一致し、"${c} *" は引数がいくつでも一致します）:`,
    more: (count: number) => `- ほか ${count} 件`,
    others: 'それ以外の呼び出しは実行されず、人の承認待ちとして積まれるだけです。',
    none: 'いまはこの道具では何も実行できません（許可されたコマンドがまだありません）。呼び出しは実行されず、人の承認待ちとして積まれるだけです。承認されると次のターンから実行できるようになります。',
    caveats:
      'run が与えないもの: (a) 作業フォルダの境界は run には効きません（子プロセスはフォルダの外も読み書きできます）。(b) file ツールの「削除はごみ箱へ」も、rm を含むコマンドが許されていれば意味を持ちません。(c) 環境変数を絞っていることは境界ではありません（認証情報などはファイルとして読めます）。(d) 禁止の一覧は網羅できません。うっかりを減らすためのもので、安全のための壁ではありません。',
    command: 'プログラム名（例: git）。パスは書けません',
    args: '引数の配列。1 要素が 1 引数で、空白を含めても分割されません',
  },
  en: {
    intro: (secs: number) =>
      `Run one program and get back the executable's full path, the exit code, stdout and stderr. There is no shell: put only a program name in command (no path: no / \\ or :) and each argument as one item of args. Pipes, &&, redirection, wildcard expansion and shell built-ins (echo and the like) do not exist, and there is no stdin. The working directory is the work folder (the home folder when none is set); the time limit is ${secs} seconds; output keeps the first ${n(STDOUT_SLOT_CHARS)} characters of stdout and ${n(STDERR_SLOT_CHARS)} of stderr. A non-zero exit code is an ordinary result. When the command ends, the processes it left behind (in the background or daemonized) are killed.`,
    allowed: (c: string) =>
      `Only calls matching these patterns run ("${c}" matches only a bare ${c}; "${c} *" matches ${c} with any arguments):`,
    more: (count: number) => `- and ${count} more`,
    others: 'Any other call does not run; it is only queued for a person to approve.',
    none: 'Nothing can be executed with this tool yet (no command has been allowed). A call does not run; it is only queued for a person to approve. Once approved, it can run from the next turn.',
    caveats:
      "What run does not provide: (a) the work-folder boundary does not apply to run (a child process can read and write outside it); (b) the file tool's trash-only delete means nothing once an allowed command can rm; (c) clearing environment variables is not a boundary (credentials stay readable as files); (d) the deny list cannot be exhaustive: it reduces mistakes and is not a security wall.",
    command: 'Program name (e.g. git); no path',
    args: 'Arguments, one item per argument; whitespace inside an item is not split',
  },
};

/**
 * The program the pattern rule is told with: the first allowed pattern's (issue 22: an example about
 * "ruff" read as if about another program; the ledger states the rule with "ruff" only as its
 * illustration and quotes no description text). "git" when that pattern has no program of its own.
 */
function exampleProgram(allow: readonly string[]): string {
  const first = allow[0]?.trim().split(/\s+/)[0] ?? '';
  return first === '' || first === '*' ? 'git' : first;
}

export function describeRun(language: Language, allow: readonly string[], timeoutSecs: number): string {
  const t = DESCRIPTION[language];
  const parts = [t.intro(timeoutSecs)];
  if (allow.length === 0) parts.push(t.none);
  else {
    const listed = allow.slice(0, LISTED_PATTERNS_MAX).map((p) => `- ${p}`);
    if (allow.length > LISTED_PATTERNS_MAX) listed.push(t.more(allow.length - LISTED_PATTERNS_MAX));
    parts.push([t.allowed(exampleProgram(allow)), ...listed].join('\n'), t.others);
  }
  parts.push(t.caveats);
  return parts.join('\n\n');
}

export function paramText(language: Language): { command: string; args: string } {
  return { command: DESCRIPTION[language].command, args: DESCRIPTION[language].args };
}
