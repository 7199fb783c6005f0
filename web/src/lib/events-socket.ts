import type { CoreEvent } from './types.ts';

export interface EventsSocketHandlers {
  /** The socket is open: fetch state now (events that arrive meanwhile are already being queued). */
  onOpen(): void;
  onEvent(event: CoreEvent): void;
  onClose(): void;
}

/** Delay before reconnect attempt n (0-based): 0.5 s doubling to 8 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(8000, 500 * 2 ** Math.min(attempt, 5));
}

/**
 * The events socket, reconnecting for ever. The UI opens it before fetching state, so nothing
 * sent between the fetch and the subscription is missed; every reopen refetches.
 */
export function openEventsSocket(token: string, handlers: EventsSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    // The token goes as an offered subprotocol, never in the URL (which the console prints on failure).
    socket = new WebSocket(`${scheme}://${location.host}/api/events`, [
      'fuseforks.events',
      `fuseforks.token.${token}`,
    ]);
    socket.onopen = () => {
      attempt = 0;
      handlers.onOpen();
    };
    socket.onmessage = (message) => {
      try {
        handlers.onEvent(JSON.parse(String(message.data)) as CoreEvent);
      } catch {
        // A frame that is not JSON is ignored; the next refetch repairs any gap.
      }
    };
    socket.onclose = () => {
      socket = null;
      if (closed) return;
      handlers.onClose();
      timer = setTimeout(connect, reconnectDelayMs(attempt++));
    };
  };
  connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
