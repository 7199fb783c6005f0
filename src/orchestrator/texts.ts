/**
 * Model-facing and System-line texts, Japanese and English by the village language. The Japanese
 * quotes the ledger where the ledger gives the words.
 */
import type { Language } from '../domain/enums.ts';
import type { CoreError } from '../domain/errors.ts';

export interface OrchestratorTexts {
  limitFallback: string;
  procedure: string;
  endMarkerProcedure: (next: string) => string;
  summaryNudge: (limit: number) => string;
  repeatFallback: string;
  repeatNudge: (tool: string) => string;
  askNoMessage: string;
  undeliverableStopped: string;
  undeliverableFull: string;
  undeliverableBudget: string;
  noSuchTool: (name: string) => string;
  toolFailed: (error: string) => string;
  repeatBlocked: (tool: string) => string;
  askCycle: (target: string) => string;
  askStopped: (target: string) => string;
  askInboxFull: (target: string) => string;
  askTimedOut: (target: string, secs: number) => string;
  askHopLimit: string;
  askHandedOff: string;
  askInterrupted: (target: string) => string;
  askBudget: (target: string) => string;
  askNoAnswer: (target: string, why: string) => string;
  interruptedAfter: (secs: string) => string;
  interruptedByChain: string;
  interruptedNote: string;
  turnFailed: (name: string, message: string) => string;
  /** Appended to `turnFailed` when the provider refused the key (HTTP 401/403). */
  keyRefused: (name: string, status: number) => string;
  hopLimit: (maxHops: number) => string;
  undeliverable: (target: string, why: string) => string;
}

export const TEXTS: Record<Language, OrchestratorTexts> = {
  ja: {
    limitFallback: '上限に達した。設定で上限を上げるか依頼を分割して',
    procedure:
      '# 進め方\nツールを呼ばずに返した応答が最終の答えで、依頼した相手へ返ります。仕事を別のサーヴァントへ引き継ぐときは transfer_to_…、答えをもらって自分で続けるときは ask_… を呼んでください。',
    endMarkerProcedure: (next) =>
      `# 進め方\n話を終えるときは応答の最後に [[END]] と書いてください。[[END]] の無い応答は ${next} へ渡されます。`,
    summaryNudge: (limit) =>
      `ツール呼び出しの上限（${limit} 周）に達しました。ここまでの結果をもとに、分かったことと残っていることを文章でまとめてください。`,
    repeatFallback:
      '同じ操作が同じ結果を繰り返したため打ち切りました。やり方を変えるか、依頼を具体的にしてください。',
    repeatNudge: (tool) =>
      `同じ呼び出し（${tool}）が同じ結果を繰り返したため、ツールを止めました。ここまでの結果をもとに、分かったことと残っていることを文章でまとめてください。同じ操作を勧める提案はしないでください。`,
    askNoMessage: '問い合わせの本文（message）が空です。質問を書いてから呼んでください。',
    undeliverableStopped: '停止中',
    undeliverableFull: '受信箱がいっぱい',
    undeliverableBudget: '予算の上限',
    noSuchTool: (name) => `\`${name}\` というツールはありません。提示された名前から選んでください。`,
    toolFailed: (error) => `ツールの実行に失敗しました: ${error}`,
    repeatBlocked: (tool) =>
      `同じ呼び出し（${tool}）が同じ結果を 2 回返したため、3 回目は実行しませんでした。やり方を変えてください。`,
    askCycle: (target) =>
      `${target} はこの依頼の連鎖の中であなたの答えを待っているため、問い合わせられません（循環になります）。自分で答えてください。`,
    askStopped: (target) => `${target} は停止中のため、問い合わせを届けられませんでした。`,
    askInboxFull: (target) => `${target} の受信箱がいっぱいのため、問い合わせを届けられませんでした。`,
    askTimedOut: (target, secs) => `${target} から ${secs} 秒以内に答えが返りませんでした。`,
    askHopLimit: '転送回数の上限に達したため、これ以上問い合わせられません。',
    askHandedOff: '答えはこちらへ戻りません',
    askInterrupted: (target) => `${target} への問い合わせは打ち切られました。`,
    askBudget: (target) => `${target} への問い合わせは予算の上限で打ち切られました。`,
    askNoAnswer: (target, why) => `${target} から答えが返りませんでした: ${why}`,
    interruptedAfter: (secs) => `打ち切りました（依頼から ${secs} 秒で検知）`,
    interruptedByChain: '依頼元の打ち切りに連鎖',
    interruptedNote: '（このターンは打ち切られました）',
    turnFailed: (name, message) => `${name} のターンが失敗しました: ${message}`,
    keyRefused: (name, status) =>
      `プロバイダが API キーを受け付けませんでした(HTTP ${status})。${name} のテンプレートの API キーを確かめてください。`,
    hopLimit: (maxHops) => `転送回数の上限（${maxHops}）に達したため、これ以上転送しませんでした。`,
    undeliverable: (target, why) => `${target} へ届けられませんでした（${why}）。`,
  },
  en: {
    limitFallback: 'The limit was reached. Raise the limit in settings or split the request.',
    procedure:
      '# How to proceed\nA reply without a tool call is your final answer and goes back to whoever asked. To hand the work on to another servant, call transfer_to_…; to get an answer and carry on yourself, call ask_….',
    endMarkerProcedure: (next) =>
      `# How to proceed\nWhen you are done, end your reply with [[END]]. A reply without [[END]] is passed to ${next}.`,
    summaryNudge: (limit) =>
      `The tool-call limit (${limit} rounds) was reached. From the results so far, write down what you found and what is left.`,
    repeatFallback:
      'Stopped because the same operation kept giving the same result. Try another way or make the request more specific.',
    repeatNudge: (tool) =>
      `The same call (${tool}) kept returning the same result, so tools were stopped. From the results so far, write down what you found and what is left. Do not suggest repeating the same operation.`,
    askNoMessage: 'The question (message) is empty. Write the question, then call again.',
    undeliverableStopped: 'stopped',
    undeliverableFull: 'inbox full',
    undeliverableBudget: 'budget limit',
    noSuchTool: (name) => `There is no tool named \`${name}\`. Choose from the names offered.`,
    toolFailed: (error) => `Tool execution failed: ${error}`,
    repeatBlocked: (tool) =>
      `The same call (${tool}) returned the same result twice, so the third was not run. Try another way.`,
    askCycle: (target) =>
      `${target} is waiting for your answer in this chain of requests, so it cannot be asked (that would be a cycle). Answer yourself.`,
    askStopped: (target) => `${target} is stopped; the question was not delivered.`,
    askInboxFull: (target) => `${target}'s inbox is full; the question was not delivered.`,
    askTimedOut: (target, secs) => `No answer came back from ${target} within ${secs} s.`,
    askHopLimit: 'The forwarding limit was reached; no further questions can be sent.',
    askHandedOff: 'The answer does not come back here',
    askInterrupted: (target) => `The question to ${target} was interrupted.`,
    askBudget: (target) => `The question to ${target} was stopped by the budget limit.`,
    askNoAnswer: (target, why) => `No answer came back from ${target}: ${why}`,
    interruptedAfter: (secs) => `Interrupted (detected ${secs} s after the request)`,
    interruptedByChain: 'Chained from the requester’s interrupt',
    interruptedNote: '(this turn was interrupted)',
    turnFailed: (name, message) => `${name}'s turn failed: ${message}`,
    keyRefused: (name, status) =>
      `The provider refused the API key (HTTP ${status}): check the API key of ${name}’s template.`,
    hopLimit: (maxHops) => `The forwarding limit (${maxHops}) was reached; nothing was forwarded further.`,
    undeliverable: (target, why) => `Could not deliver to ${target} (${why}).`,
  },
};

/**
 * `agent_2（ザリ）` / `agent_2 (Zari)`: how an agent is named in model-facing texts (plan bundles,
 * routing tool descriptions, ask results). The ledger's full-width brackets are Japanese; an English
 * village gets ASCII ones (issue 22: English plan text used full-width brackets).
 */
export function agentLabel(id: string, name: string, language: Language): string {
  return language === 'ja' ? `${id}（${name}）` : `${id} (${name})`;
}

/**
 * A provider that refused the key (LLM_API whose detail starts `status 401`/`status 403`, as
 * LlmError.toCoreError writes it): the fix is the template's API key, not a retry. The UI's servant
 * card reads the same from the same detail (web/src/lib/provider-error.ts).
 */
export function refusedKeyStatus(error: Pick<CoreError, 'code' | 'detail'>): 401 | 403 | null {
  if (error.code !== 'LLM_API') return null;
  const status = /^status (401|403)\b/.exec(error.detail ?? '')?.[1];
  return status === '401' ? 401 : status === '403' ? 403 : null;
}

/**
 * The System line for a failed turn: the error's message, and for a refused key the same hint as the
 * servant card (check the template's API key), so the chat alone says where to fix it.
 */
export function turnFailedText(texts: OrchestratorTexts, name: string, error: CoreError): string {
  const line = texts.turnFailed(name, error.message);
  const refused = refusedKeyStatus(error);
  return refused === null ? line : `${line}\n${texts.keyRefused(name, refused)}`;
}
