/**
 * Server-sent events, decoded incrementally (the WHATWG "event stream" rules): bytes in, whole events
 * out, whatever the chunk boundaries. Pure: no I/O, no timers; the HTTP client feeds it what the socket
 * gives. Every wire's stream (OpenAI-compatible chunks, Anthropic message events, Gemini `alt=sse`,
 * the Responses event stream) is SSE, so this is shared and the per-wire parsers see only events.
 *
 * Rules kept: lines end in CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of the
 * next are one line end); a line starting with `:` is a comment; `field: value` drops one leading
 * space; `data` lines join with "\n"; a blank line dispatches; an event with no data is not
 * dispatched; a UTF-8 BOM at the very start is skipped; a multi-byte character split across chunks is
 * decoded whole. `id` and `retry` are read and ignored: a provider stream is never resumed.
 */

export interface SseEvent {
  /** The `event:` field; "message" when the event named none (as the standard says). */
  event: string;
  data: string;
}

/** The longest event this decoder holds before it refuses the stream (a provider never sends one). */
export const SSE_EVENT_MAX_CHARS = 16 * 1024 * 1024;

export class SseOverflowError extends Error {
  constructor() {
    super(`a server-sent event exceeded ${SSE_EVENT_MAX_CHARS} characters`);
    this.name = 'SseOverflowError';
  }
}

export class SseDecoder {
  private readonly text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  private buffer = '';
  private afterCr = false;
  private eventName = '';
  private dataLines: string[] = [];
  private dataChars = 0;

  /** Feeds one chunk (bytes or already decoded text); returns the events it completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.text.decode(chunk, { stream: true });
    return this.feed(text);
  }

  /**
   * The stream ended: a last event without its blank line is dropped, as the standard says (a
   * provider always ends its events; a cut stream's half event must not be read as whole).
   */
  end(): SseEvent[] {
    const rest = this.text.decode();
    const events = rest === '' ? [] : this.feed(rest);
    this.buffer = '';
    this.dataLines = [];
    this.dataChars = 0;
    this.eventName = '';
    return events;
  }

  private feed(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    let i = 0;
    if (this.afterCr && text.startsWith('\n')) {
      start = 1;
      i = 1;
    }
    this.afterCr = false;
    // Providers end lines with LF only: a chunk without a CR is cut at each LF found by indexOf, a
    // native scan, instead of reading every character here (issue 23's overhead figure).
    if (text.indexOf('\r', i) === -1) {
      for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
        const line = this.buffer + text.slice(start, end);
        this.buffer = '';
        this.line(line, events);
        start = end + 1;
      }
      return this.keepRest(text, start, events);
    }
    for (; i < text.length; i += 1) {
      const ch = text.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = this.buffer + text.slice(start, i);
      this.buffer = '';
      this.line(line, events);
      if (ch === 13) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === 10) i += 1;
        } else {
          this.afterCr = true;
        }
      }
      start = i + 1;
    }
    return this.keepRest(text, start, events);
  }

  /** The chunk's unfinished last line waits for the next chunk. */
  private keepRest(text: string, start: number, events: SseEvent[]): SseEvent[] {
    this.buffer += text.slice(start);
    if (this.buffer.length + this.dataChars > SSE_EVENT_MAX_CHARS) throw new SseOverflowError();
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.dataLines.length > 0) {
        events.push({
          event: this.eventName === '' ? 'message' : this.eventName,
          data: this.dataLines.join('\n'),
        });
      }
      this.dataLines = [];
      this.dataChars = 0;
      this.eventName = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.dataLines.push(value);
      this.dataChars += value.length + 1;
      if (this.dataChars > SSE_EVENT_MAX_CHARS) throw new SseOverflowError();
    } else if (field === 'event') {
      this.eventName = value;
    }
  }
}
