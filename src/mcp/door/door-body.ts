import type { IncomingMessage } from 'node:http';

/** The SDK transport's own default bound; it does not apply it to a body we parse ourselves. */
export const DOOR_MAX_BODY_BYTES = 4 * 1024 * 1024;

export type DoorBody = { kind: 'json'; value: unknown } | { kind: 'too_large' } | { kind: 'invalid' };

/**
 * The POST body as JSON, read here rather than by the transport: the door has to see the JSON-RPC
 * messages first (is this an initialize? which request ids ride on this HTTP request?).
 */
export async function readJsonBody(req: IncomingMessage, maxBytes = DOOR_MAX_BODY_BYTES): Promise<DoorBody> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { kind: 'too_large' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return { kind: 'too_large' };
    chunks.push(chunk);
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
