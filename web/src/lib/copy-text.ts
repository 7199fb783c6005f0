/**
 * Puts text on the clipboard. The async Clipboard API needs a secure context (the app on 127.0.0.1
 * is one) and focus; where it refuses, the old copy command on a hidden text area still works.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}

/** How long "Copied" shows before the button reads "Copy" again. */
export const COPIED_FEEDBACK_MS = 1500;
