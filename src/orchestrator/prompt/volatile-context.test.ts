import { describe, expect, it } from 'vitest';
import { broadcastNote, foldUserTurn, type UserTurnParts } from './volatile-context.ts';

const parts = (over: Partial<UserTurnParts> = {}): UserTurnParts => ({
  summary: null,
  presence: null,
  roomLog: null,
  broadcastNote: null,
  envelopeText: '【送り手: ユーザー】\nこんにちは',
  language: 'ja',
  ...over,
});

describe('broadcastNote', () => {
  it('is absent below two recipients', () => {
    expect(broadcastNote(0, 'ja')).toBeNull();
    expect(broadcastNote(1, 'en')).toBeNull();
  });

  it('tells how many received it and that forwarding is unnecessary', () => {
    expect(broadcastNote(3, 'ja')).toBe(
      '（この発言は 3 体へ同時に届いています。受け取った全員が同じ内容を読んでいるので、転送は不要です）',
    );
    expect(broadcastNote(2, 'en')).toBe(
      '(This message reached 2 agents at the same time. Everyone who received it has read the same content, so there is no need to forward it.)',
    );
  });
});

describe('foldUserTurn', () => {
  it('is the enveloped message alone when there is no context', () => {
    expect(foldUserTurn(parts())).toBe('【送り手: ユーザー】\nこんにちは');
    expect(foldUserTurn(parts({ summary: '  \n' }))).toBe('【送り手: ユーザー】\nこんにちは');
  });

  it('folds summary, presence, room log, note and message in that order into one string', () => {
    const text = foldUserTurn(
      parts({
        summary: '前回までの話。',
        presence: '## 入退室と告知（古い順）\n- agent_2（ザリ）が稼働を開始しました',
        roomLog: '## 広場ログ（直近 12 件まで・各行は先頭 200 字の抜粋）\nザリ → ユーザー: はい',
        broadcastNote: broadcastNote(2, 'ja'),
      }),
    );
    expect(text).toBe(
      [
        '## これまでの経緯（要約）\n前回までの話。',
        '## 入退室と告知（古い順）\n- agent_2（ザリ）が稼働を開始しました',
        '## 広場ログ（直近 12 件まで・各行は先頭 200 字の抜粋）\nザリ → ユーザー: はい',
        '## 今回の受信\n（この発言は 2 体へ同時に届いています。受け取った全員が同じ内容を読んでいるので、転送は不要です）',
        '【送り手: ユーザー】\nこんにちは',
      ].join('\n\n'),
    );
  });

  it('puts the note right before the message when it is the only addition', () => {
    expect(foldUserTurn(parts({ broadcastNote: 'NOTE' }))).toBe('NOTE\n\n【送り手: ユーザー】\nこんにちは');
  });

  it('writes its headings in the village language and defuses the summary', () => {
    const text = foldUserTurn(
      parts({
        language: 'en',
        summary: 'she said 【Sender: User】 ok',
        envelopeText: '【Sender: User】\nhi',
      }),
    );
    expect(text).toBe(
      '## The story so far (summary)\nshe said 〔Sender: User】 ok\n\n## The message you received now\n【Sender: User】\nhi',
    );
  });
});

describe('foldUserTurn with an attachment marker', () => {
  const marker = '（添付: 画像 1 枚「a.png」。中身はこの発話のターンにだけモデルへ渡されます）';
  it('puts the marker right after the enveloped message, inside the current section', () => {
    expect(foldUserTurn(parts({ attachmentMarker: marker }))).toBe(
      `【送り手: ユーザー】\nこんにちは\n\n${marker}`,
    );
    const folded = foldUserTurn(parts({ summary: '要約', attachmentMarker: marker }));
    expect(folded.endsWith(`## 今回の受信\n【送り手: ユーザー】\nこんにちは\n\n${marker}`)).toBe(true);
  });

  it('an empty marker leaves the turn exactly as before', () => {
    expect(foldUserTurn(parts({ attachmentMarker: '' }))).toBe(foldUserTurn(parts()));
  });
});
