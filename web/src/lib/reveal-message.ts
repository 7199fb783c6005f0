/**
 * Scrolls the chat to a message and marks it for a moment (a search result opened, issue 22). The
 * row is found by `data-message-id` once the opened conversation has drawn it; a message older than
 * the loaded tail (or a list that draws only what is visible) is not found, and nothing happens.
 */
export const REVEAL_CLASS = 'search-revealed';
const WAIT_FRAMES = 120;
const MARK_MS = 2_500;

export function findMessageRow(root: ParentNode, messageId: string): HTMLElement | null {
  if (messageId === '') return null;
  // The id is a UUID from the store, but quoted for the selector all the same.
  return root.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
}

/** Resolves true when the row was found and revealed. */
export function revealMessage(messageId: string, root: ParentNode = document): Promise<boolean> {
  return new Promise((resolve) => {
    let frames = 0;
    const look = () => {
      const row = findMessageRow(root, messageId);
      if (row === null) {
        if ((frames += 1) < WAIT_FRAMES) requestAnimationFrame(look);
        else resolve(false);
        return;
      }
      row.scrollIntoView({ block: 'center' });
      row.classList.add(REVEAL_CLASS);
      row.dataset.revealed = 'true';
      setTimeout(() => {
        row.classList.remove(REVEAL_CLASS);
        delete row.dataset.revealed;
      }, MARK_MS);
      resolve(true);
    };
    look();
  });
}
