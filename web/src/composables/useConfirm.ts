import { reactive } from 'vue';

export interface ConfirmRequest {
  title: string;
  body?: string;
  /** Lines listed under the body (e.g. what will stop). */
  items?: string[];
  confirmLabel?: string;
  danger?: boolean;
  /** When set, the modal asks for one line of text (the initial value); see askText. */
  input?: string;
}

interface ConfirmState {
  open: ConfirmRequest | null;
  /** The text field's live value when the request has `input`. */
  text: string;
  /** The text as it was when the modal was answered. */
  lastText: string;
  resolve: ((answer: boolean) => void) | null;
}

/** The one in-app yes/no modal (never `window.confirm`); a second request answers the first "no". */
export const confirmState: ConfirmState = reactive({ open: null, text: '', lastText: '', resolve: null });

export function askConfirm(request: ConfirmRequest): Promise<boolean> {
  confirmState.resolve?.(false);
  return new Promise((resolve) => {
    confirmState.open = request;
    confirmState.text = request.input ?? '';
    confirmState.resolve = resolve;
  });
}

/** One line of text through the same modal (never `window.prompt`); null when cancelled or blank. */
export async function askText(
  request: Omit<ConfirmRequest, 'input'> & { initial?: string },
): Promise<string | null> {
  const ok = await askConfirm({ ...request, input: request.initial ?? '' });
  const text = confirmState.lastText.trim();
  return ok && text !== '' ? text : null;
}

export function answerConfirm(answer: boolean): void {
  const resolve = confirmState.resolve;
  confirmState.lastText = confirmState.text;
  confirmState.open = null;
  confirmState.resolve = null;
  resolve?.(answer);
}
