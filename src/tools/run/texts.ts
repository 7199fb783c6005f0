/**
 * The run tool's words. The description is bilingual by village language; results are Japanese only
 * (ledger part 2 §1.3), like every bundled tool's results.
 */
import type { Language } from '../../domain/enums.ts';
import { STDERR_SLOT_CHARS, STDOUT_SLOT_CHARS } from './output-slots.ts';

const n = (value: number): string => value.toLocaleString('en-US');

/** At most this many allow patterns are listed in the description. */
export const LISTED_PATTERNS_MAX = 100;

const DESCRIPTION = {
  ja: {
    intro: (secs: number) =>
      `プログラムを 1 つ実行し、実行したファイルのフルパス・終了コード・stdout・stderr を返します。シェルは通しません: command にはプログラム名だけ（/ \\ : を含むパスは不可）、args には引数を 1 つずつ配列で書きます。パイプ・&&・リダイレクト・ワイルドカード展開・シェルの組み込みコマンド（echo など）は使えず、標準入力もありません。作業ディレクトリは作業フォルダ（未設定ならホーム）、時間切れは ${secs} 秒、出力は stdout 先頭 ${n(STDOUT_SLOT_CHARS)} 字・stderr 先頭 ${n(STDERR_SLOT_CHARS)} 字までです。0 以外の終了コードも普通の結果として返ります。コマンドが終わると、それが残したプロセス（バックグラウンドやデーモン化したものも）は終了させます。`,
    allowed:
      '実行できるのは次のパターンに一致する呼び出しだけです（"ruff" は引数なしの ruff だけに一致し、"ruff *" は引数がいくつでも一致します）:',
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
    allowed:
      'Only calls matching these patterns run ("ruff" matches only a bare ruff; "ruff *" matches ruff with any arguments):',
    more: (count: number) => `- and ${count} more`,
    others: 'Any other call does not run; it is only queued for a person to approve.',
    none: 'Nothing can be executed with this tool yet (no command has been allowed). A call does not run; it is only queued for a person to approve. Once approved, it can run from the next turn.',
    caveats:
      "What run does not provide: (a) the work-folder boundary does not apply to run (a child process can read and write outside it); (b) the file tool's trash-only delete means nothing once an allowed command can rm; (c) clearing environment variables is not a boundary (credentials stay readable as files); (d) the deny list cannot be exhaustive: it reduces mistakes and is not a security wall.",
    command: 'Program name (e.g. git); no path',
    args: 'Arguments, one item per argument; whitespace inside an item is not split',
  },
};

export function describeRun(language: Language, allow: readonly string[], timeoutSecs: number): string {
  const t = DESCRIPTION[language];
  const parts = [t.intro(timeoutSecs)];
  if (allow.length === 0) parts.push(t.none);
  else {
    const listed = allow.slice(0, LISTED_PATTERNS_MAX).map((p) => `- ${p}`);
    if (allow.length > LISTED_PATTERNS_MAX) listed.push(t.more(allow.length - LISTED_PATTERNS_MAX));
    parts.push([t.allowed, ...listed].join('\n'), t.others);
  }
  parts.push(t.caveats);
  return parts.join('\n\n');
}

export function paramText(language: Language): { command: string; args: string } {
  return { command: DESCRIPTION[language].command, args: DESCRIPTION[language].args };
}

const PATTERN_RULE =
  'パターンの規則: "ruff" は引数なしの ruff だけに一致します。引数を許すには "ruff *"（引数がいくつでも一致）です。';

const killedAll = (allGone: boolean): string =>
  allGone
    ? 'プロセスを子孫ごと終了しました'
    : 'プロセスを子孫ごと終了させようとしましたが、一部が残っています';

/** Results: Japanese only. */
export const R = {
  commandNotString: 'command は文字列で指定してください（プログラム名だけ。例: "git"）。',
  argsNotArray: 'args は文字列の配列で指定してください（1 要素が 1 引数）。',
  argNul: 'args に NUL 文字は使えません。',
  commandEmpty: 'command が空です。プログラム名を指定してください（例: "git"）。',
  commandSeparator: (c: string) =>
    `command にはパスを書けません（/ \\ : は使えません）: ${c}。プログラム名だけを書いてください。実行ファイルは PATH から探します。`,
  commandWhitespace: (c: string) =>
    `command に空白は使えません: ${c}。プログラム名だけを command に、引数は args に 1 つずつ書いてください。`,
  denied: (line: string) =>
    `実行していません: ${line} はこのエージェントでは実行しないと決められています（承認待ちにも積んでいません）。別の方法で進めてください。`,
  queued: (line: string, count: number) =>
    `実行していません: ${line} は許可パターンのどれにも一致しないため、人の承認待ちとして積みました（この要求は ${count} 回目）。承認されるまで実行されません。同じ呼び出しを繰り返さず、承認を待つか別の方法で進めてください。\n${PATTERN_RULE}`,
  raced: (line: string) =>
    `実行していません: ${line} の判定中に run.json が変わりました。もう一度呼び出してください。`,
  brokenPolicy: (line: string, problem: string) =>
    `実行していません: run.json を読めないため（${problem}）、すべての呼び出しが承認待ち扱いです。壊れたファイルには書き込まないため、${line} は承認待ちにも積めませんでした。人に run.json の修正を頼んでください。`,
  queueFailed: (line: string) =>
    `実行していません: ${line} は承認待ちですが、run.json への書き込みに失敗したため積めませんでした。時間をおいて試すか、人に知らせてください。`,
  workDirGone:
    '作業フォルダが見つかりません（移動または削除された可能性があります）。利用者に設定の確認を頼んでください。',
  notFound: (c: string) =>
    `実行していません: ${c} が PATH に見つかりません。シェルの組み込みコマンド（echo など）は単体の実行ファイルが無いため使えません。`,
  needsShell: (path: string) =>
    `実行していません: ${path} はバッチファイルで、シェルを介さずには起動できません（run はシェルを使いません）。`,
  spawnFailed: (path: string, code: string) => `起動できませんでした: ${path}（${code}）`,
  program: (path: string) => `実行ファイル: ${path}`,
  cwd: (dir: string) => `作業ディレクトリ: ${dir}`,
  exited: (code: number) => `終了コード: ${code}`,
  signal: (signal: string) => `シグナル ${signal} で終了しました（終了コードなし）`,
  timeout: (secs: number, allGone: boolean) =>
    `時間切れ: ${secs} 秒を超えたため、${killedAll(allGone)}（上限は run.json の timeoutSecs）。下の出力は終了までに出た分です。`,
  interrupted: (allGone: boolean) =>
    `中断: ターンが打ち切られたため、${killedAll(allGone)}。下の出力は終了までに出た分です。`,
  killed: (count: number, list: string) => `終了させたプロセス（${count} 個）: ${list}`,
  leftovers: (count: number, list: string) =>
    `コマンドの終了後も残っていた子孫プロセスを終了させました（${count} 個）: ${list}`,
  unkilled: (count: number, list: string) =>
    `終了できなかったプロセス（${count} 個、まだ動いています）: ${list}`,
  unkilledReason: (reason: string, state: string) =>
    reason === 'EPERM'
      ? '権限がありません: EPERM'
      : reason === 'still_running'
        ? `SIGKILL を送っても終わりません（状態 ${state}）`
        : reason,
  moreProcesses: (count: number) => `ほか ${count} 個`,
  trackingLimit:
    '（子孫は /proc で追っています。環境変数を消したうえで見回りより先に親から離れたプロセスは、セッションからも離れていたり、見回りより先にコマンドが終わっていたりすると見つけられません）',
  interruptedBeforeStart: '中断: ターンが打ち切られたため、実行していません。',
  stream: (name: string) => `--- ${name} ---`,
  emptyStream: '（なし）',
  truncated: (name: string, totalBytes: number, slot: number) =>
    `（${name} は全 ${n(totalBytes)} バイトあり、先頭 ${n(slot)} 字だけを載せています。残りを取り出す方法はありません。再実行しても同じ出力になるとは限りません）`,
};
