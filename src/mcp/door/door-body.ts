import type { IncomingMessage } from 'node:http';

/**
 * 20 MiB: the base64 of the largest attachment (ATTACHMENT_MAX_BASE64_CHARS, 16,000,000 for a 12 MB
 * video) plus the 4 MiB the door allowed before attachments (the SDK transport's own default bound)
 * for the message and the JSON-RPC framing. The transport does not apply its bound to a body we parse.
 */
export const DOOR_MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * A body over the bound is still read to its end (and thrown away) up to this much, so the client
 * finishes sending and then reads the 413: answering while it still sends makes it fail with EPIPE
 * or a reset instead of the JSON-RPC error (issue 17). Past this, the connection is closed on it.
 */
const DOOR_DRAIN_MAX_BYTES = 64 * 1024 * 1024;

export type DoorBody =
  | { kind: 'json'; value: unknown }
  /** `drained`: the whole body was read, so the connection can take the answer and stay open. */
  | { kind: 'too_large'; drained: boolean }
  | { kind: 'invalid' };

type Chunks = AsyncIterator<Buffer>;

/** Reads and discards the rest of a refused body, up to `drainMax` bytes in all. */
async function drain(chunks: Chunks, alreadyRead: number, drainMax: number): Promise<boolean> {
  let size = alreadyRead;
  for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) {
    size += next.value.length;
    if (size > drainMax) {
      // Ending the iteration destroys the request, which is what a body this large deserves.
      await chunks.return?.();
      return false;
    }
  }
  return true;
}

/**
 * The POST body as JSON, read here rather than by the transport: the door has to see the JSON-RPC
 * messages first (is this an initialize? which request ids ride on this HTTP request?).
 */
export async function readJsonBody(
  req: IncomingMessage,
  maxBytes = DOOR_MAX_BODY_BYTES,
  drainMax = DOOR_DRAIN_MAX_BYTES,
): Promise<DoorBody> {
  const reader: Chunks = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (declared > drainMax) return { kind: 'too_large', drained: false };
    return { kind: 'too_large', drained: await drain(reader, 0, drainMax) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for (let next = await reader.next(); next.done !== true; next = await reader.next()) {
    size += next.value.length;
    // Not a `for await` loop: leaving one would destroy the request before the rest is drained.
    if (size > maxBytes) return { kind: 'too_large', drained: await drain(reader, size, drainMax) };
    chunks.push(next.value);
  }
  try {
    return { kind: 'json', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

export function isJsonContentType(value: string | undefined): boolean {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}
