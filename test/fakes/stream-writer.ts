/**
 * How the fake provider sends a streamed reply: the SSE bytes written in odd-sized pieces with
 * small gaps (so the client meets every kind of chunk boundary over a real socket), optionally held
 * at one offset until the test releases it, or cut there (the socket destroyed, no proper end).
 */
import type { ServerResponse } from 'node:http';

export interface StreamScript {
  bytes: Uint8Array;
  /** Write sizes in bytes, used in turn (odd sizes by default). */
  pieces?: readonly number[];
  /** Wait between writes, ms. */
  gapMs?: number;
  /** After this many bytes, wait for `release` before writing on. */
  holdAt?: number;
  release?: Promise<void>;
  /** After this many bytes, destroy the socket: a stream cut mid-way. */
  cutAt?: number;
  /** After this many bytes, end the response properly (a stream that ends early but cleanly). */
  endAt?: number;
}

const ODD_PIECES = [1, 7, 13, 64, 3, 257, 31, 2, 509];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function writeStream(res: ServerResponse, script: StreamScript): Promise<void> {
  const pieces = script.pieces ?? ODD_PIECES;
  const { bytes } = script;
  const stopAt = Math.min(script.cutAt ?? bytes.length, script.endAt ?? bytes.length);
  let at = 0;
  let held = false;
  for (let n = 0; at < stopAt; n += 1) {
    if (res.destroyed) return;
    if (!held && script.holdAt !== undefined && at >= script.holdAt) {
      held = true;
      await script.release;
      if (res.destroyed) return;
    }
    const limit = !held && script.holdAt !== undefined && script.holdAt > at ? script.holdAt : stopAt;
    const end = Math.min(at + pieces[n % pieces.length]!, limit);
    res.write(bytes.subarray(at, end));
    at = end;
    if (script.gapMs) await pause(script.gapMs);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  // Held at the very end: every byte sent, the response not ended (a provider gone silent).
  if (!held && script.holdAt !== undefined && at >= script.holdAt) await script.release;
  if (res.destroyed) return;
  if (script.cutAt !== undefined && script.cutAt < bytes.length) {
    // Let the written bytes reach the client before the socket goes.
    await pause(20);
    res.socket?.destroy();
    return;
  }
  res.end();
}
