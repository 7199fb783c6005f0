/**
 * Renders a growing text (a streamed reply, issue 23) at most once per animation frame, however fast
 * the deltas come, and backs off as the text gets expensive: after a render that took `d` ms the next
 * waits `LIVE_RENDER_REST_FACTOR × d`, so even a megabyte of Markdown leaves the page most of its time.
 * Nothing is cached: the text is half a message, and its HTML must never stand for the final one.
 */

/** After a render of `d` ms, rest this many times `d` before the next one. */
export const LIVE_RENDER_REST_FACTOR = 2;

export interface LiveRenderHost {
  requestFrame(run: () => void): number;
  cancelFrame(handle: number): void;
  now(): number;
}

export interface LiveRender {
  /** The text changed: it is rendered at the next frame (the newest text, once). */
  push(text: string): void;
  /** Renders now (the first paint), cancelling a frame already asked for. */
  renderNow(text: string): void;
  dispose(): void;
}

export function createLiveRender(
  render: (text: string) => string,
  show: (html: string) => void,
  host: LiveRenderHost,
): LiveRender {
  let pending: string | null = null;
  let frame: number | null = null;
  let notBeforeMs = -Infinity;
  let disposed = false;

  const paint = (text: string) => {
    const start = host.now();
    show(render(text));
    const end = host.now();
    notBeforeMs = end + LIVE_RENDER_REST_FACTOR * (end - start);
  };
  const tick = () => {
    frame = null;
    if (disposed || pending === null) return;
    if (host.now() < notBeforeMs) {
      frame = host.requestFrame(tick);
      return;
    }
    const text = pending;
    pending = null;
    paint(text);
  };
  return {
    push(text) {
      if (disposed) return;
      pending = text;
      frame ??= host.requestFrame(tick);
    },
    renderNow(text) {
      if (disposed) return;
      if (frame !== null) host.cancelFrame(frame);
      frame = null;
      pending = null;
      paint(text);
    },
    dispose() {
      disposed = true;
      if (frame !== null) host.cancelFrame(frame);
      frame = null;
    },
  };
}

/** The page's frames and clock. */
export const pageFrames: LiveRenderHost = {
  requestFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  now: () => performance.now(),
};
