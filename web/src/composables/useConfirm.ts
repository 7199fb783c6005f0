import { reactive } from 'vue';

export interface ConfirmRequest {
  title: string;
  body?: string;
  /** Lines listed under the body (e.g. what will stop). */
  items?: string[];
  confirmLabel?: string;
  danger?: boolean;
}

interface ConfirmState {
  open: ConfirmRequest | null;
  resolve: ((answer: boolean) => void) | null;
}

/** The one in-app yes/no modal (never `window.confirm`); a second request answers the first "no". */
export const confirmState: ConfirmState = reactive({ open: null, resolve: null });

export function askConfirm(request: ConfirmRequest): Promise<boolean> {
  confirmState.resolve?.(false);
  return new Promise((resolve) => {
    confirmState.open = request;
    confirmState.resolve = resolve;
  });
}

export function answerConfirm(answer: boolean): void {
  const resolve = confirmState.resolve;
  confirmState.open = null;
  confirmState.resolve = null;
  resolve?.(answer);
}
