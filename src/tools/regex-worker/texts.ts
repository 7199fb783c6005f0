import type { Language } from '../../domain/enums.ts';
import type { JobFailure } from './runner.ts';

const seconds = (ms: number): string => (ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * The result text of a regex job that gave no result, in the village language (issue 22; the Japanese
 * unchanged). `args` names the arguments to simplify, in that language.
 */
export function jobFailureText(
  tool: string,
  args: string,
  failure: { failure: JobFailure; limitMs: number; detail?: string },
  language: Language,
): string {
  return language === 'en' ? english(tool, args, failure) : japanese(tool, args, failure);
}

function japanese(
  tool: string,
  args: string,
  failure: { failure: JobFailure; limitMs: number; detail?: string },
) {
  switch (failure.failure) {
    case 'timeout':
      return (
        `${tool} を打ち切りました: 正規表現の照合が ${seconds(failure.limitMs)} 秒を超えました。` +
        '入れ子の繰り返し（例: (a+)+ や (.*)*）は、一致しない入力で照合の時間が爆発的に増えます。' +
        `${args} を単純にするか、path で範囲を絞って呼び直してください。`
      );
    case 'aborted':
      return `${tool} は中断されました。`;
    case 'crashed':
      return `${tool} を実行できませんでした（照合の作業スレッドが止まりました: ${failure.detail ?? '理由不明'}）。少し待ってから呼び直してください。`;
  }
}

function english(
  tool: string,
  args: string,
  failure: { failure: JobFailure; limitMs: number; detail?: string },
) {
  switch (failure.failure) {
    case 'timeout':
      return (
        `${tool} was stopped: matching the regular expression took over ${seconds(failure.limitMs)} seconds. ` +
        'Nested repetition (e.g. (a+)+ or (.*)*) makes matching time explode on input that does not match. ' +
        `Simplify ${args}, or narrow the range with path, and call again.`
      );
    case 'aborted':
      return `${tool} was interrupted.`;
    case 'crashed':
      return `${tool} could not run (the matching worker thread stopped: ${failure.detail ?? 'reason unknown'}). Wait a moment and call again.`;
  }
}
