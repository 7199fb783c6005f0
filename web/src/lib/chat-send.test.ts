import { describe, expect, it } from 'vitest';
import { afterSend } from './chat-send.ts';

describe('what a successful send clears', () => {
  const file = { fileName: 'a.png' };
  it('clears the text and the chip that were sent', () => {
    expect(afterSend({ content: 'hi', attachment: file }, { content: 'hi', attachment: file })).toEqual({
      text: true,
      attachment: true,
    });
  });

  it('keeps text typed and a file attached while the send was under way', () => {
    const other = { fileName: 'b.png' };
    expect(
      afterSend({ content: 'hi', attachment: file }, { content: 'hi and more', attachment: other }),
    ).toEqual({ text: false, attachment: false });
  });

  it('leaves a chip alone that a text-only send never carried', () => {
    expect(afterSend({ content: 'hi', attachment: null }, { content: 'hi', attachment: file })).toEqual({
      text: true,
      attachment: false,
    });
  });
});
