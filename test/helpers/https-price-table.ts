/**
 * A real local HTTPS server for the price table, with a self-signed certificate made by openssl for
 * this run (CN and SAN 127.0.0.1). The fetch code trusts it only where a test hands it the
 * certificate (`priceTableCa`, or NODE_EXTRA_CA_CERTS for a child server process); production code
 * has no switch that accepts plain http or skips verification.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface TestCertificate {
  cert: string;
  key: string;
  /** The certificate as a file, for NODE_EXTRA_CA_CERTS; removed by `remove`. */
  certPath: string;
  remove(): void;
}

export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'fuseforks-cert-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(certPath, 'utf8'),
    key: readFileSync(keyPath, 'utf8'),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** How one path answers. */
export type TableRoute =
  | { body: string; status?: number; gzip?: boolean }
  | { redirect: string }
  /** Sends the headers and then nothing (a server that never finishes). */
  | { hang: true };

export interface PriceTableServer {
  origin: string;
  /** Paths asked for, in order (so a test can see that nothing was fetched on its own). */
  requests: string[];
  routes: Map<string, TableRoute>;
  close(): Promise<void>;
}

export async function startPriceTableServer(certificate: TestCertificate): Promise<PriceTableServer> {
  const requests: string[] = [];
  const routes = new Map<string, TableRoute>();
  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const route = routes.get(path.split('?')[0]!);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if ('redirect' in route) {
      res.writeHead(302, { location: route.redirect }).end();
      return;
    }
    if ('hang' in route) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      return;
    }
    const gzip = route.gzip === true && /gzip/.test(String(req.headers['accept-encoding']));
    const body = gzip ? gzipSync(route.body) : Buffer.from(route.body);
    res
      .writeHead(route.status ?? 200, {
        'content-type': 'application/json',
        'content-length': body.length,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small table in the LiteLLM shape: what the tests fetch. */
export const LITELLM_SAMPLE = {
  sample_spec: {
    max_input_tokens: 'max input tokens, if the provider specifies it',
    input_cost_per_token: 0.0,
    output_cost_per_token: 0.0,
  },
  'claude-sonnet-4-5': {
    max_input_tokens: 200000,
    input_cost_per_token: 3e-6,
    output_cost_per_token: 1.5e-5,
    cache_read_input_token_cost: 3e-7,
    cache_creation_input_token_cost: 3.75e-6,
    cache_creation_input_token_cost_above_1hr: 6e-6,
  },
  'gpt-4o-mini': { input_cost_per_token: 1.5e-7, output_cost_per_token: 6e-7, max_input_tokens: -1 },
  'half-priced': { input_cost_per_token: 1e-6 },
  'too-dear': { input_cost_per_token: 0.5, output_cost_per_token: 0.5 },
};

/** What `claude-sonnet-4-5` of LITELLM_SAMPLE becomes in $/MTok, and the sample's counts. */
export const SAMPLE_CLAUDE_FETCHED = {
  prices: {
    inputPerMtok: 3,
    outputPerMtok: 15,
    cacheReadPerMtok: 0.3,
    cacheWritePerMtok: 3.75,
    cacheWrite1hPerMtok: 6,
  },
  contextLength: 200000,
  entries: 3,
  dropped: 2,
  withContext: 1,
};
