/**
 * Encodes an attachment to base64 off the main thread: the worker reads the File with the synchronous
 * reader (allowed only in workers) and hands back the base64 text already as a Blob, so the page never
 * holds it as one 13 MB string (turning such a string into a request body costs the main thread
 * 60–80 ms in Chromium; bench/attachments-ui.ts). A Blob crosses back to the page by reference.
 */
declare const FileReaderSync: { new (): { readAsDataURL(blob: Blob): string } };

interface WorkerScope {
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
  postMessage(message: { ok: true; base64: Blob } | { ok: false; error: string }): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const dataUrl = new FileReaderSync().readAsDataURL(event.data);
    const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
    scope.postMessage({ ok: true, base64: new Blob([base64], { type: 'text/plain' }) });
  } catch (error) {
    scope.postMessage({ ok: false, error: String((error as Error)?.message ?? error) });
  }
};
