import type { Language } from '../../domain/enums.ts';

export interface BrowserToolTexts {
  description: string;
  action: string;
  targetId: string;
  url: string;
  selector: string;
  request: string;
}

/** What the model reads about the browser tool; it says that page scripts can have side effects. */
export const BROWSER_DESCRIPTIONS: Record<Language, BrowserToolTexts> = {
  ja: {
    description:
      'ヘッドレス Chromium を操作します。action: tabs（タブ一覧）, open（新しいタブ）, navigate（URL を開く）, snapshot（役割スナップショット。要素に ref e1, e2… が付きます）, act（ref で操作）。' +
      'act の request.kind: click {ref}, type {ref, text, submit?}, press {key, ref?}, hover {ref}, select {ref, values}, fill {fields:[{ref, value}]}, wait {timeMs?|text?|textGone?|selector?|url?|fn?}, evaluate {fn, ref?}, resize {width, height}, close。' +
      'ref は最新の snapshot のものだけ有効です（ページが変わったら snapshot を取り直す）。' +
      'evaluate と wait の fn はページの中で JavaScript を実行します。ページの状態を書き換える・送信する・購入するなどの副作用が起こりえます。時間切れや中断で止めた場合も、それまでに起きた変更は残ります。' +
      'targetId を省くとフォーカス中のタブを使います（タブが無ければ navigate が開きます）。',
    action: 'tabs | open | navigate | snapshot | act',
    targetId: 'タブの targetId（tabs / open の結果）。省略時はフォーカス中のタブ',
    url: 'open / navigate で開く URL（http(s) など絶対 URL）',
    selector: 'snapshot をこの CSS セレクタの中に限る（任意）',
    request: 'act の内容: {kind, ...}。timeoutMs（既定 20000、最大 120000）も指定できます',
  },
  en: {
    description:
      'Drives a headless Chromium. action: tabs (list tabs), open (new tab), navigate (open a URL), snapshot (role snapshot; elements get refs e1, e2, …), act (act on a ref). ' +
      'act request.kind: click {ref}, type {ref, text, submit?}, press {key, ref?}, hover {ref}, select {ref, values}, fill {fields:[{ref, value}]}, wait {timeMs?|text?|textGone?|selector?|url?|fn?}, evaluate {fn, ref?}, resize {width, height}, close. ' +
      'Refs are valid only for the latest snapshot (take a new one after the page changes). ' +
      'evaluate and wait with fn run JavaScript inside the page: they can have side effects (change page state, submit forms, buy things). A script stopped at its timeout or by an interrupt keeps whatever it already changed. ' +
      'Without targetId the focused tab is used (navigate opens one if there is none).',
    action: 'tabs | open | navigate | snapshot | act',
    targetId: "The tab's targetId (from tabs / open); the focused tab when omitted",
    url: 'The absolute URL for open / navigate',
    selector: 'Limit the snapshot to inside this CSS selector (optional)',
    request: 'What to do for act: {kind, ...}; timeoutMs (default 20000, at most 120000) may be given too',
  },
};
