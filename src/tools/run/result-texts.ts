/**
 * The run tool's results in the village language. The ledger quotes none of them; the Japanese are the
 * texts this tool has always returned. English villages get the English ones (issue 22: "終了コード" in
 * an English village was quoted back by the model).
 */
import type { Language } from '../../domain/enums.ts';

const n = (value: number): string => value.toLocaleString('en-US');

export interface RunResultTexts {
  commandNotString: string;
  argsNotArray: string;
  argNul: string;
  commandEmpty: string;
  commandSeparator: (c: string) => string;
  commandWhitespace: (c: string) => string;
  denied: (line: string) => string;
  queued: (line: string, count: number) => string;
  raced: (line: string) => string;
  brokenPolicy: (line: string, problem: string) => string;
  queueFailed: (line: string) => string;
  workDirGone: string;
  notFound: (c: string) => string;
  needsShell: (path: string) => string;
  spawnFailed: (path: string, code: string) => string;
  program: (path: string) => string;
  cwd: (dir: string) => string;
  exited: (code: number) => string;
  signal: (signal: string) => string;
  timeout: (secs: number, allGone: boolean) => string;
  interrupted: (allGone: boolean) => string;
  killed: (count: number, list: string) => string;
  leftovers: (count: number, list: string) => string;
  unkilled: (count: number, list: string) => string;
  unkilledReason: (reason: string, state: string) => string;
  moreProcesses: (count: number) => string;
  unkilledItem: (pid: number, name: string, why: string) => string;
  trackingLimit: string;
  interruptedBeforeStart: string;
  stream: (name: string) => string;
  emptyStream: string;
  truncated: (name: string, totalBytes: number, slot: number) => string;
}

/*
 * The pattern rule, told with the command the model called (issue 22: "ruff" in the reply to an `ls`
 * call read as if about another program). The ledger (command_tool_contract) states the rule with
 * "ruff" as its illustration and quotes no rejection text, so the example follows the call.
 */

/** The program of a `commandLine` line: its first token, unquoted (the line is `…` in backticks). */
function programOf(line: string): string {
  const inner = line.replace(/^`/, '').replace(/…?`$/, '');
  const quoted = /^"(?:[^"\\]|\\.)*"/.exec(inner);
  if (quoted !== null) {
    try {
      return JSON.parse(quoted[0]) as string;
    } catch {
      return quoted[0];
    }
  }
  return inner.split(' ')[0] ?? inner;
}

const patternRuleJa = (line: string): string => {
  const c = programOf(line);
  return `パターンの規則: "${c}" は引数なしの ${c} だけに一致します。引数を許すには "${c} *"（引数がいくつでも一致）です。`;
};

const killedAllJa = (allGone: boolean): string =>
  allGone
    ? 'プロセスを子孫ごと終了しました'
    : 'プロセスを子孫ごと終了させようとしましたが、一部が残っています';

const JA: RunResultTexts = {
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
    `実行していません: ${line} は許可パターンのどれにも一致しないため、人の承認待ちとして積みました（この要求は ${count} 回目）。承認されるまで実行されません。同じ呼び出しを繰り返さず、承認を待つか別の方法で進めてください。\n${patternRuleJa(line)}`,
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
    `時間切れ: ${secs} 秒を超えたため、${killedAllJa(allGone)}（上限は run.json の timeoutSecs）。下の出力は終了までに出た分です。`,
  interrupted: (allGone: boolean) =>
    `中断: ターンが打ち切られたため、${killedAllJa(allGone)}。下の出力は終了までに出た分です。`,
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
  unkilledItem: (pid: number, name: string, why: string) => `${pid} ${name}（${why}）`,
  trackingLimit:
    '（子孫は /proc で追っています。環境変数を消したうえで見回りより先に親から離れたプロセスは、セッションからも離れていたり、見回りより先にコマンドが終わっていたりすると見つけられません）',
  interruptedBeforeStart: '中断: ターンが打ち切られたため、実行していません。',
  stream: (name: string) => `--- ${name} ---`,
  emptyStream: '（なし）',
  truncated: (name: string, totalBytes: number, slot: number) =>
    `（${name} は全 ${n(totalBytes)} バイトあり、先頭 ${n(slot)} 字だけを載せています。残りを取り出す方法はありません。再実行しても同じ出力になるとは限りません）`,
};

const patternRuleEn = (line: string): string => {
  const c = programOf(line);
  return `Pattern rule: "${c}" matches only a bare ${c}. To allow arguments, use "${c} *" (any number of arguments).`;
};

const killedAllEn = (allGone: boolean): string =>
  allGone
    ? 'the process was killed with all its descendants'
    : 'the process and its descendants were to be killed, but some are left';

const EN: RunResultTexts = {
  commandNotString: 'Give command as a string (a program name only, e.g. "git").',
  argsNotArray: 'Give args as an array of strings (one item per argument).',
  argNul: 'args cannot contain a NUL character.',
  commandEmpty: 'command is empty. Give a program name (e.g. "git").',
  commandSeparator: (c) =>
    `command cannot hold a path (no / \\ or :): ${c}. Write only the program name; the executable is looked up on PATH.`,
  commandWhitespace: (c) =>
    `command cannot contain whitespace: ${c}. Put only the program name in command and each argument as one item of args.`,
  denied: (line) =>
    `Not run: ${line} is set never to run for this servant (it was not queued for approval either). Proceed another way.`,
  queued: (line, count) =>
    `Not run: ${line} matches none of the allow patterns, so it was queued for a person to approve (request number ${count}). It will not run until approved. Do not repeat the same call; wait for approval or proceed another way.\n${patternRuleEn(line)}`,
  raced: (line) => `Not run: run.json changed while ${line} was being checked. Call again.`,
  brokenPolicy: (line, problem) =>
    `Not run: run.json cannot be read (${problem}), so every call counts as waiting for approval. A broken file is never written to, so ${line} could not be queued either. Ask a person to fix run.json.`,
  queueFailed: (line) =>
    `Not run: ${line} waits for approval, but writing run.json failed, so it was not queued. Try again later or tell a person.`,
  workDirGone:
    'The work folder is not found (it may have been moved or deleted). Ask the user to check the settings.',
  notFound: (c) =>
    `Not run: ${c} is not found on PATH. Shell built-ins (echo and the like) have no executable of their own and cannot be used.`,
  needsShell: (path) =>
    `Not run: ${path} is a batch file and cannot start without a shell (run uses no shell).`,
  spawnFailed: (path, code) => `Could not start: ${path} (${code})`,
  program: (path) => `Executable: ${path}`,
  cwd: (dir) => `Working directory: ${dir}`,
  exited: (code) => `Exit code: ${code}`,
  signal: (signal) => `Ended by signal ${signal} (no exit code)`,
  timeout: (secs, allGone) =>
    `Timed out: over ${secs} seconds, so ${killedAllEn(allGone)} (the limit is timeoutSecs in run.json). The output below is what came before the end.`,
  interrupted: (allGone) =>
    `Interrupted: the turn was interrupted, so ${killedAllEn(allGone)}. The output below is what came before the end.`,
  killed: (count, list) => `Processes killed (${count}): ${list}`,
  leftovers: (count, list) =>
    `Descendant processes still left after the command ended were killed (${count}): ${list}`,
  unkilled: (count, list) => `Processes that could not be killed (${count}, still running): ${list}`,
  unkilledReason: (reason, state) =>
    reason === 'EPERM'
      ? 'no permission: EPERM'
      : reason === 'still_running'
        ? `does not end even after SIGKILL (state ${state})`
        : reason,
  moreProcesses: (count) => `${count} more`,
  unkilledItem: (pid, name, why) => `${pid} ${name} (${why})`,
  trackingLimit:
    '(Descendants are tracked through /proc. A process that cleared its environment and left its parent before the sweep cannot be found if it also left the session, or if the command ended before the sweep.)',
  interruptedBeforeStart: 'Interrupted: the turn was interrupted, so nothing was run.',
  stream: (name) => `--- ${name} ---`,
  emptyStream: '(none)',
  truncated: (name, totalBytes, slot) =>
    `(${name} has ${n(totalBytes)} bytes in all; only the first ${n(slot)} characters are shown. There is no way to get the rest, and running it again may not give the same output.)`,
};

const RUN_RESULTS: Record<Language, RunResultTexts> = { ja: JA, en: EN };

export function runResultTexts(language: Language): RunResultTexts {
  return RUN_RESULTS[language];
}

/** Every language's texts, for the tests that scan them. */
export const RUN_RESULT_TEXTS: Readonly<Record<Language, RunResultTexts>> = RUN_RESULTS;
