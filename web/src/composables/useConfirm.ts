import { reactive } from 'vue';

export interface ConfirmRequest {
  /** The question itself. */
  title: string;
  /** What will happen as a result. */
  body?: string;
  /** Lines listed under the body (e.g. what will stop). */
  items?: string[];
  confirmLabel?: string;
  /** Destructive: the cancel button gets the initial focus. */
  danger?: boolean;
  /** When set, the modal asks for one line of text (the initial value); see askText. */
  input?: string;
}

interface Pending {
  request: ConfirmRequest;
  resolve: (answer: { ok: boolean; text: string }) => void;
}

interface ConfirmState {
  open: ConfirmRequest | null;
  /** The text field's live value when the request has `input`. */
  text: string;
  queue: Pending[];
}

/**
 * The one in-app yes/no modal (never `window.confirm`, ledger part 4 §5.6): every request resolves,
 * and a request made while another is open waits its turn instead of being dropped.
 */
export const confirmState: ConfirmState = reactive({ open: null, text: '', queue: [] });

function showNext(): void {
  const next = confirmState.queue[0];
  confirmState.open = next ? next.request : null;
  confirmState.text = next?.request.input ?? '';
}

function ask(request: ConfirmRequest): Promise<{ ok: boolean; text: string }> {
  return new Promise((resolve) => {
    confirmState.queue.push({ request, resolve });
    if (confirmState.queue.length === 1) showNext();
  });
}

export async function askConfirm(request: ConfirmRequest): Promise<boolean> {
  return (await ask(request)).ok;
}

/** One line of text through the same modal (never `window.prompt`); null when cancelled or blank. */
export async function askText(
  request: Omit<ConfirmRequest, 'input'> & { initial?: string },
): Promise<string | null> {
  const { ok, text } = await ask({ ...request, input: request.initial ?? '' });
  return ok && text.trim() !== '' ? text.trim() : null;
}

export function answerConfirm(answer: boolean): void {
  const current = confirmState.queue.shift();
  const text = confirmState.text;
  showNext();
  current?.resolve({ ok: answer, text });
}
