import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Small pages for the browser tests, served over real HTTP on 127.0.0.1. */
export const PAGES: Record<string, string> = {
  '/form': `<!doctype html><title>Form</title>
<h1>Hi</h1>
<button id="go" onclick="document.querySelector('#out').textContent = 'clicked ' + (++window.clicks)">Go</button>
<input aria-label="Name" id="name">
<p id="out">-</p>
<button data-n="first">Twin</button><button data-n="second">Twin</button>
<main><button id="inner" onclick="this.textContent = 'Inner done'">Inner</button></main>
<script>window.clicks = 0;</script>`,
  '/other': `<!doctype html><title>Other</title><button>Elsewhere</button>`,
};

export interface PageServer {
  url(path: string): string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    const body = PAGES[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
