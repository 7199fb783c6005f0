/**
 * What to do after a failed "Test connection", in the village language. One closed set of reasons
 * the probe sorts every failure into; the UI shows the sentence as given.
 */
import type { Language } from '../../domain/enums.ts';

export type ProbeFailure =
  | 'key'
  | 'no_key'
  | 'model'
  | 'base_url'
  | 'timeout'
  | 'rate_limit'
  | 'billing'
  | 'provider_down'
  | 'request'
  | 'not_llm'
  | 'cancelled';

const ADVICE: Record<Language, Record<ProbeFailure, string>> = {
  en: {
    key: 'The provider refused the key: set the API key of this template again (or mark it as not requiring one).',
    no_key:
      'No API key is set for this template (at this base URL), so nothing was sent: set the key, or choose "No key needed" if the provider takes none.',
    model:
      'The provider does not know this model: check the model name (and that the base URL is the right API).',
    base_url: 'Nothing answered at the base URL: check the base URL and that the server is running.',
    timeout: 'No answer in time: check the base URL, or try again when the provider is less busy.',
    rate_limit: 'The provider is limiting requests right now: wait a little and test again.',
    billing: 'The provider says the account has no credit left: check the billing of the account.',
    provider_down: 'The provider had a failure of its own: try again later.',
    request:
      'The provider refused the request: check the model name, the provider and the generation settings.',
    not_llm: 'The answer was not one this provider type sends: check the base URL and the provider type.',
    cancelled: 'The test was cancelled.',
  },
  ja: {
    key: 'プロバイダがキーを受け付けませんでした。このテンプレートの API キーを設定し直してください（不要な場合は「不要」にしてください）。',
    no_key:
      'このテンプレート（このベース URL）には API キーが設定されていないため、何も送っていません。キーを設定するか、キーの要らないプロバイダなら「キー不要」を選んでください。',
    model: 'プロバイダがこのモデルを知りません。モデル名（とベース URL が正しい API か）を確認してください。',
    base_url:
      'ベース URL で何も応答しませんでした。ベース URL と、サーバーが動いているかを確認してください。',
    timeout:
      '時間内に応答がありませんでした。ベース URL を確認するか、プロバイダが空いているときにもう一度試してください。',
    rate_limit: 'プロバイダが今リクエストを制限しています。少し待ってからもう一度試してください。',
    billing: 'プロバイダがアカウントの残高不足を返しました。アカウントの支払い設定を確認してください。',
    provider_down: 'プロバイダ側で障害が起きました。しばらくしてからもう一度試してください。',
    request:
      'プロバイダがリクエストを拒否しました。モデル名、プロバイダの種類、生成の設定を確認してください。',
    not_llm:
      'このプロバイダの種類が返す形の応答ではありませんでした。ベース URL とプロバイダの種類を確認してください。',
    cancelled: 'テストを取り消しました。',
  },
};

export function probeAdvice(failure: ProbeFailure, language: Language): string {
  return ADVICE[language][failure];
}
