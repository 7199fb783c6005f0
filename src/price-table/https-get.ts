import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CoreError } from '../domain/errors.ts';
import { checkPriceTableUrl, priceTableHost } from './price-url.ts';

/** The download's bounds: a table is a few MB (LiteLLM's is about 1.5 MB); nothing may hang the button. */
export interface HttpsGetOptions {
  /** For the whole download, redirects included. */
  timeoutMs: number;
  /** Of the body after decompression. */
  maxBytes: number;
  maxRedirects: number;
  /**
   * Certificates to trust instead of the system's. Tests only (a self-signed local server); production
   * never sets it, so it verifies against the system roots like any https client.
   */
  ca?: string;
}

export const DEFAULT_HTTPS_GET: HttpsGetOptions = {
  timeoutMs: 30_000,
  maxBytes: 32 * 1024 * 1024,
  maxRedirects: 3,
};

/** Why the download failed, in `detail` (the UI words it in the village language). */
type DownloadFailure = 'unreachable' | 'tls' | 'timeout' | 'too_large' | 'redirect' | `http_${number}`;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

function failure(url: URL, kind: DownloadFailure, why: string): CoreError {
  return new CoreError(
    'PRICE_FETCH_FAILED',
    `the price table could not be downloaded from ${priceTableHost(url)}: ${why}`,
    {
      detail: kind,
    },
  );
}

function networkFailure(url: URL, error: unknown): CoreError {
  if (error instanceof CoreError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error';
  if (TLS_CODE.test(code)) return failure(url, 'tls', `its certificate was not accepted (${code})`);
  return failure(url, 'unreachable', `the server could not be reached (${code})`);
}

/** The body as text, stopping at `maxBytes` (counted after gunzip, so a small bomb cannot fill memory). */
function readBody(url: URL, response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  const gzip = response.headers['content-encoding'] === 'gzip';
  if (!gzip && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(failure(url, 'too_large', `it is larger than ${maxBytes} bytes`));
  }
  // pipeline: a response cut off (or destroyed on the deadline) also ends the gunzip stream with an error.
  const body: Readable = gzip ? pipeline(response, createGunzip(), () => undefined) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(failure(url, 'too_large', `it is larger than ${maxBytes} bytes`));
        response.destroy();
        body.destroy();
        return;
      }
      chunks.push(chunk);
    });
    body.on('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    body.on('error', (error) => reject(networkFailure(url, error)));
    // Settled already unless the body stopped without an end or an error (a reset connection).
    body.on('close', () => {
      if (!ended) reject(failure(url, 'unreachable', 'the connection closed before the table was complete'));
    });
  });
}

type Hop = { redirect: URL } | { text: string };

function getOnce(url: URL, options: HttpsGetOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
        signal,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) && typeof response.headers.location === 'string') {
          response.resume();
          let next: URL;
          try {
            // A redirect must meet the same rules as the saved URL: https, no user:password.
            next = checkPriceTableUrl(new URL(response.headers.location, url).href);
          } catch {
            reject(failure(url, 'redirect', 'it redirects to an address that is not https'));
            return;
          }
          resolve({ redirect: next });
          return;
        }
        if (status < 200 || status > 299) {
          response.resume();
          reject(failure(url, `http_${status}`, `the server answered HTTP ${status}`));
          return;
        }
        readBody(url, response, options.maxBytes).then((text) => resolve({ text }), reject);
      },
    );
    req.on('error', (error) => reject(networkFailure(url, error)));
    req.end();
  });
}

/**
 * GET an https URL as text, within the bounds. Every failure is PRICE_FETCH_FAILED naming the host
 * (never the path or query) with the kind in `detail`. Called only when the person presses the button.
 */
export async function httpsGetText(
  start: URL,
  options: HttpsGetOptions = DEFAULT_HTTPS_GET,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = checkPriceTableUrl(start.href);
    for (let hop = 0; ; hop += 1) {
      const result = await getOnce(url, options, controller.signal);
      if ('text' in result) return result.text;
      if (hop >= options.maxRedirects) throw failure(start, 'redirect', 'it redirects too many times');
      url = result.redirect;
    }
  } catch (error) {
    // Whatever broke after the deadline broke because of it (the abort destroys the socket).
    if (controller.signal.aborted) throw failure(start, 'timeout', 'it took too long');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
