import type { JobFailure } from './runner.ts';

const seconds = (ms: number): string => (ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The result text of a regex job that gave no result (Japanese, like every bundled tool result). */
export function jobFailureText(
  tool: string,
  args: string,
  failure: { failure: JobFailure; limitMs: number; detail?: string },
): string {
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
