/**
 * Scrolls the chat to a message and marks it for a moment (a search result opened, issue 22). The
 * chat list registers how to bring a message into its virtual list (page older messages in until it
 * is loaded, then scroll the list to its index); the row is then found by `data-message-id` once
 * drawn, and marked.
 */
export const REVEAL_CLASS = 'search-revealed';
const WAIT_FRAMES = 120;
const MARK_MS = 2_500;

/** Brings a message of a conversation into the list's view; false when it is not there. */
export type MessageRevealer = (messageId: string, sessionId?: string) => Promise<boolean>;

let revealer: MessageRevealer | null = null;

/** The chat list offers its revealer while it is mounted; the returned function withdraws it. */
export function provideMessageRevealer(bring: MessageRevealer): () => void {
  revealer = bring;
  return () => {
    if (revealer === bring) revealer = null;
  };
}

export function findMessageRow(root: ParentNode, messageId: string): HTMLElement | null {
  if (messageId === '') return null;
  // The id is a UUID from the store, but quoted for the selector all the same.
  return root.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
}

/** Resolves when `ready()` holds, checked once a frame; false after `frames` frames without. */
export function waitForFrames(ready: () => boolean, frames: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    const look = () => {
      if (ready()) resolve(true);
      else if ((seen += 1) < frames) requestAnimationFrame(look);
      else resolve(false);
    };
    look();
  });
}

/**
 * Resolves true when the row was found and revealed. `sessionId` is the conversation the message
 * belongs to (just resumed: the list waits for it to be the open one before paging).
 */
export async function revealMessage(
  messageId: string,
  options: { sessionId?: string; root?: ParentNode } = {},
): Promise<boolean> {
  const root = options.root ?? document;
  if (revealer !== null && !(await revealer(messageId, options.sessionId))) return false;
  let row: HTMLElement | null = null;
  const drawn = await waitForFrames(() => (row = findMessageRow(root, messageId)) !== null, WAIT_FRAMES);
  if (!drawn || row === null) return false;
  const found: HTMLElement = row;
  found.scrollIntoView({ block: 'center' });
  found.classList.add(REVEAL_CLASS);
  found.dataset.revealed = 'true';
  setTimeout(() => {
    found.classList.remove(REVEAL_CLASS);
    delete found.dataset.revealed;
  }, MARK_MS);
  return true;
}
