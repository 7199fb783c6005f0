import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import type { Endpoint } from '../../domain/message.ts';
import type { EndpointLabel } from './room-log.ts';
import { readRoomLog, ROOM_LOG_READ_MAX_CHARS } from './room-log-read.ts';
import { agent, msg, user, uuidLike } from './test-messages.ts';

const me = 'agent_1' as AgentId;
const names: Record<string, string> = { agent_2: 'ザリ', agent_3: 'ジェミー' };
const labelOf: EndpointLabel = (e: Endpoint) => (e.kind === 'agent' ? (names[e.id] ?? e.id) : 'ユーザー');

const NOT_FOUND =
  'その ID の発言は見つかりません。古い発言は読めなくなっていることがあります。内容が要るなら発言した相手へ ask で尋ねてください。';

describe('readRoomLog', () => {
  const said = msg(agent('agent_2'), agent('agent_3'), '全文です\n二行目', { id: uuidLike('abcdef01') });

  it('returns the envelope 【送り手: A → B】 and the content as it was', () => {
    expect(readRoomLog([said], me, said.id.slice(0, 8), labelOf, 'ja')).toEqual({
      text: '【送り手: ザリ → ジェミー】\n全文です\n二行目',
      ownHead: '【送り手: ザリ → ジェミー】\n',
      outcome: 'ok',
      chars: 8,
    });
    expect(readRoomLog([said], me, said.id, labelOf, 'en').text).toBe(
      '【Sender: ザリ → ジェミー】\n全文です\n二行目',
    );
  });

  it('accepts the id as shown, with brackets, spaces or another case', () => {
    expect(readRoomLog([said], me, ` [${said.id.slice(0, 8).toUpperCase()}] `, labelOf, 'ja').outcome).toBe(
      'ok',
    );
  });

  it('answers a message the reader may not see exactly like a missing one', () => {
    const fromUser = msg(user, agent('agent_2'), 'secret', { id: uuidLike('11111111') });
    const toMe = msg(agent('agent_2'), agent('agent_1'), 'mine', { id: uuidLike('22222222') });
    const hidden = readRoomLog([fromUser, toMe], me, '11111111', labelOf, 'ja');
    const mine = readRoomLog([fromUser, toMe], me, '22222222', labelOf, 'ja');
    const missing = readRoomLog([fromUser, toMe], me, '99999999', labelOf, 'ja');
    expect(hidden).toEqual({ text: NOT_FOUND, ownHead: '', outcome: 'not_found', chars: 0 });
    expect(mine).toEqual(missing);
    expect(hidden).toEqual(missing);
    expect(readRoomLog([], me, '', labelOf, 'ja')).toEqual(missing);
    expect(readRoomLog([fromUser], me, '11111111', labelOf, 'en').text).toBe(
      readRoomLog([], me, '11111111', labelOf, 'en').text,
    );
  });

  it('refuses an ambiguous prefix without listing candidates', () => {
    const a = msg(agent('agent_2'), user, 'a', { id: uuidLike('cafe0001') });
    const b = msg(agent('agent_3'), user, 'b', { id: uuidLike('cafe0002') });
    const read = readRoomLog([a, b], me, 'cafe', labelOf, 'ja');
    expect(read).toEqual({
      text: 'その ID に当たる発言が複数あります。抜粋に表示されている ID をそのまま使うと 1 件に決まります。',
      ownHead: '',
      outcome: 'ambiguous',
      chars: 0,
    });
    expect(read.text).not.toContain(a.id.slice(0, 8));
    expect(readRoomLog([a, b], me, 'cafe0001', labelOf, 'ja').outcome).toBe('ok');
  });

  it('caps the content at 20,000 characters and states the total', () => {
    const long = msg(agent('agent_2'), user, 'x'.repeat(20_001), { id: uuidLike('bbbbbbbb') });
    const read = readRoomLog([long], me, 'bbbbbbbb', labelOf, 'ja');
    expect(ROOM_LOG_READ_MAX_CHARS).toBe(20_000);
    expect(read.outcome).toBe('truncated');
    expect(read.chars).toBe(20_001);
    expect(read.text).toBe(
      `【送り手: ザリ → ユーザー】\n${'x'.repeat(20_000)}\n\n（全 20,001 字中 20,000 字までを表示。続きが要るなら発言した相手へ ask で尋ねてください）`,
    );
    expect(readRoomLog([long], me, 'bbbbbbbb', labelOf, 'en').text).toMatch(
      /\n\n\(Showing 20,000 of 20,001 characters\. If you need the rest, ask the speaker directly\.\)$/u,
    );
    const exact = msg(agent('agent_2'), user, 'y'.repeat(20_000), { id: uuidLike('cccccccc') });
    expect(readRoomLog([exact], me, 'cccccccc', labelOf, 'ja').outcome).toBe('ok');
  });

  it('shows that an attachment existed', () => {
    const img = msg(agent('agent_2'), user, '見て', {
      id: uuidLike('dddddddd'),
      attachments: [{ id: 'i', kind: 'image', fileName: 'a' }],
    });
    expect(readRoomLog([img], me, 'dddddddd', labelOf, 'ja').text).toBe(
      '【送り手: ザリ → ユーザー】\n（画像 1 枚）\n見て',
    );
  });
});
