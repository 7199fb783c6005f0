/**
 * What a successful send clears from the chat box. The send takes the text and the file when it
 * starts and waits on the file's encoding and the server: whatever the person typed or attached in
 * that time is theirs and stays. Only what was sent is cleared.
 */
export function afterSend<A>(
  sent: { content: string; attachment: A | null },
  now: { content: string; attachment: A | null },
): { text: boolean; attachment: boolean } {
  return {
    text: now.content === sent.content,
    attachment: sent.attachment !== null && now.attachment === sent.attachment,
  };
}
