/**
 * Forwarding never carries an attachment (ledger part 2, attachment freeze 5): ask, plan tasks and
 * transfer_to_* get the body alone, plus the forwarding note only when the CURRENT turn's incoming
 * message had the attachment. A later turn forwards without a note (its history has the marker).
 * Real village in a temp folder, real attachment files, scripted models.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import type { ChatRequest } from '../src/llm/canonical.ts';
import { call, say, type ScriptedModel } from './fakes/scripted-model.ts';
import { pngBytes } from './helpers/attachment-files.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;
const NOTE = '(1 image is not forwarded)';

async function village(): Promise<Record<'a' | 'b' | 'c', ScriptedModel>> {
  o = await makeOrchestra();
  const a = await o.agent('a');
  const b = await o.agent('b');
  const c = await o.agent('c');
  await o.connect('a', 'b', 'c');
  await o.start('a', 'b', 'c');
  return { a, b, c };
}

async function sendImage(text: string): Promise<AgentMessage> {
  const message = await o.orch.sendUserMessageWithAttachment(id('a'), text, {
    fileName: 'photo.png',
    bytes: await pngBytes(),
  });
  await o.idle();
  return message;
}

/** What `to` received from a (the recorded message). */
const received = (to: string) =>
  o.orch.messages
    .list()
    .filter((m) => m.from.kind === 'agent' && m.from.id === 'a' && m.to.kind === 'agent' && m.to.id === to);

const attachmentsOf = (request: ChatRequest | undefined) =>
  (request?.messages ?? []).flatMap((m) => (m.role === 'user' ? (m.attachments ?? []) : []));

describe('forwarding in the turn the attachment arrived in', () => {
  it('ask: the question carries the note, never the file', async () => {
    const { a, b } = await village();
    a.script(call('ask_b', { message: 'what is in it?' }), say('done'));
    b.script(say('no idea'));
    await sendImage('look');
    expect(attachmentsOf(a.requests[0])).toHaveLength(1);
    expect(received('b').map((m) => m.content)).toEqual([`what is in it?\n\n${NOTE}`]);
    expect(received('b')[0]!.attachments).toBeUndefined();
    expect(attachmentsOf(b.requests[0])).toEqual([]);
    expect(b.sentAt(0)).toContain(`what is in it?\n\n${NOTE}`);
  });

  it('transfer: the handed-on body carries the note, never the file', async () => {
    const { a, b } = await village();
    a.script(call('transfer_to_b', { message: 'please describe it' }));
    b.script(say('described'));
    await sendImage('look');
    expect(received('b').map((m) => m.content)).toEqual([`please describe it\n\n${NOTE}`]);
    expect(attachmentsOf(b.requests[0])).toEqual([]);
  });

  it('plan: every task carries the note, never the file', async () => {
    const { a, b, c } = await village();
    a.script(
      call('plan', {
        tasks: [
          { to: 'b', message: 'one' },
          { to: 'c', message: 'two' },
        ],
      }),
      say('bundled'),
    );
    await sendImage('look');
    expect(received('b').map((m) => m.content)).toEqual([`one\n\n${NOTE}`]);
    expect(received('c').map((m) => m.content)).toEqual([`two\n\n${NOTE}`]);
    expect([...attachmentsOf(b.requests[0]), ...attachmentsOf(c.requests[0])]).toEqual([]);
  });

  it('plan under review: the proposed tasks carry the note, and so does their dispatch', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a', { planReview: true });
    await o.agent('b');
    await o.agent('c');
    await o.connect('a', 'b', 'c');
    await o.start('a', 'b', 'c');
    a.script(
      call('plan', {
        tasks: [
          { to: 'b', message: 'one' },
          { to: 'c', message: 'two' },
        ],
      }),
    );
    await sendImage('look');
    const [wave] = o.orch.planWaves.list();
    expect(wave!.state).toBe('pending');
    expect(received('b')).toEqual([]);
    expect(wave!.tasks.map((t) => (t as { message?: string }).message)).toEqual([
      `one\n\n${NOTE}`,
      `two\n\n${NOTE}`,
    ]);
  });

  it('in Japanese the note names the kind in Japanese', async () => {
    o = await makeOrchestra({ language: 'ja' });
    const a = await o.agent('a');
    await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    a.script(call('ask_b', { message: '見て' }), say('済み'));
    await sendImage('これ');
    expect(received('b')[0]!.content).toBe('見て\n\n（画像 1 枚は転送されません）');
  });
});

describe('forwarding in a later turn', () => {
  it('ask, transfer and plan carry no note: the marker in history covers it', async () => {
    const { a } = await village();
    await sendImage('keep this');
    a.script(
      call('ask_b', { message: 'q' }),
      call('plan', {
        tasks: [
          { to: 'b', message: 'p1' },
          { to: 'c', message: 'p2' },
        ],
      }),
      call('transfer_to_b', { message: 't' }),
    );
    o.orch.sendUserMessage(id('a'), 'now forward it');
    await o.idle();
    const second = a.requests[1]!;
    // The history of the second turn has the marker, and no bytes anywhere.
    expect(JSON.stringify(second.messages)).toContain('(Attached: 1 image \\"photo.png\\".');
    expect(attachmentsOf(second)).toEqual([]);
    expect(received('b').map((m) => m.content)).toEqual(['q', 'p1', 't']);
    expect(received('c').map((m) => m.content)).toEqual(['p2']);
  });
});
