import { Hono } from 'hono';
import type { DiagLog } from '../diag/log.ts';
import { CoreError } from '../domain/errors.ts';
import { dispatchBrowser } from '../browser/routes.ts';
import type { BrowserService } from '../browser/service.ts';
import type { Boot } from './boot.ts';
import type { CommandTable } from './command.ts';
import { limitBody } from './body-limit-middleware.ts';
import { BODY_LIMIT_BY_PATH, MAX_BODY_BYTES, type RouteBodyLimit } from './body-limits.ts';
import { toErrorResponse } from './error-response.ts';
import {
  BODYLESS_METHODS,
  bearerToken,
  carriesBody,
  isLoopbackRequest,
  isOwnOrigin,
  refusals,
  tokenMatcher,
} from './guard.ts';
import { landingPage } from './landing-page.ts';
import { sessionDownloadRoute } from './session-export/route.ts';
import { readUiFile, WEB_DIST } from './web-ui.ts';

/** Vue Flow and the components set inline styles; icons are blob: URLs; nothing else is allowed. */
const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export { MAX_BODY_BYTES } from './body-limits.ts';

export interface AppOptions {
  boot: Boot;
  token: string;
  commands: CommandTable;
  /** The port the server listens on (known only after listen when it was 0). */
  port: () => number;
  log: DiagLog;
  browser: BrowserService;
}

export function createApp({ boot, token, commands, port, log, browser }: AppOptions): Hono {
  const app = new Hono();
  // A body refused by a limiter is left unread: its connection closes (see onError).
  const unreadBodies = new WeakSet<Error>();

  app.onError((error, c) => {
    const { status, payload, internal } = toErrorResponse(error);
    // A bug: leave a trace (the error's class only; messages may carry data).
    if (internal) log.warn(`internal error: path=${c.req.path.slice(0, 80)} error=${(error as Error).name}`);
    // The unread rest of a refused body would be taken for the next request on this socket.
    // A body read to its end leaves nothing behind: keep-alive stays for ordinary command failures.
    const unread = error instanceof Error && unreadBodies.has(error);
    if (
      unread ||
      payload.code === 'PAYLOAD_TOO_LARGE' ||
      (carriesBody(c.req.raw.headers) && !c.req.raw.bodyUsed)
    )
      c.header('Connection', 'close');
    return c.json(payload, status as 400);
  });
  app.notFound((c) => {
    const { status, payload } = toErrorResponse(refusals.route());
    return c.json(payload, status as 404);
  });

  app.use('*', async (c, next) => {
    if (!isLoopbackRequest(c.req.header('host'), new URL(c.req.url))) throw refusals.host();
    if (!isOwnOrigin(c.req.header('origin'), port())) throw refusals.origin();
    if (BODYLESS_METHODS.has(c.req.method) && carriesBody(c.req.raw.headers))
      throw refusals.body(c.req.method);
    await next();
  });

  const tokenMatches = tokenMatcher(token);
  app.use('/api/*', async (c, next) => {
    if (!tokenMatches(bearerToken(c.req.header('authorization')))) throw refusals.token();
    await next();
  });
  // One limiter per route limit: the path picks its own (send_user_message carries an attachment).
  const defaultLimit: RouteBodyLimit = { maxBytes: MAX_BODY_BYTES };
  const limiters = new Map<RouteBodyLimit, ReturnType<typeof limitBody>>();
  const limiterFor = (limit: RouteBodyLimit) => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = limitBody(limit.maxBytes, () => {
        const error =
          limit.refuse?.(log) ??
          new CoreError('PAYLOAD_TOO_LARGE', `request bodies are limited to ${limit.maxBytes} bytes`);
        unreadBodies.add(error);
        throw error;
      });
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  app.use('/api/*', (c, next) =>
    limiterFor(
      Object.hasOwn(BODY_LIMIT_BY_PATH, c.req.path) ? BODY_LIMIT_BY_PATH[c.req.path]! : defaultLimit,
    )(c, next),
  );

  // The browser control service: its own routes, independent of the village's boot.
  app.post('/api/browser/*', async (c) => {
    const name = c.req.path.slice('/api/browser/'.length);
    const body = await readJsonObject(c.req.raw);
    // The request's signal aborts when the client goes away, which ends the request's budget.
    const result = await dispatchBrowser(browser, name, body, c.req.raw.signal);
    return c.json(result ?? null);
  });
  app.all('/api/browser/*', () => {
    throw new CoreError('INVALID_ARGUMENT', 'browser routes are called with POST and a JSON object body');
  });

  // Issue 22: a conversation downloaded in the browser (the UI fetches it with the token header).
  app.get('/api/sessions/:file', (c) => sessionDownloadRoute(boot.require(), c.req.param('file')));

  app.post('/api/:command', async (c) => {
    const name = c.req.param('command');
    const body = await readJsonObject(c.req.raw);
    if (name === 'boot_status') return c.json(boot.status());
    if (name === 'retry_boot') {
      await boot.retry();
      return c.json(boot.status());
    }
    if (!Object.hasOwn(commands, name)) {
      throw new CoreError('UNKNOWN_COMMAND', `unknown command ${JSON.stringify(name.slice(0, 64))}`);
    }
    const cmd = commands[name]!;
    const ctx = boot.require();
    const args: unknown = cmd.args.parse(body);
    const result = await cmd.run(ctx, args);
    // What the command recorded is committed before the answer: the answer acknowledges it (append-batch.ts).
    ctx.sessions.flush();
    return c.json(result ?? null);
  });

  app.all('/api/:command', () => {
    throw new CoreError('INVALID_ARGUMENT', 'commands are called with POST and a JSON object body');
  });

  // The web UI: built files, and index.html for any other page path (the app routes itself).
  app.get('*', async (c) => {
    const path = c.req.path;
    const file =
      (await readUiFile(WEB_DIST, path)) ??
      (/\.[a-z0-9]+$/i.test(path) ? null : await readUiFile(WEB_DIST, '/'));
    if (file === null) {
      if (path === '/') return c.html(landingPage());
      const { status, payload } = toErrorResponse(new CoreError('UNKNOWN_COMMAND', 'no such file'));
      return c.json(payload, status as 404);
    }
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    // The page runs only its own scripts: a message or a tool result can never become code.
    if (file.contentType.startsWith('text/html')) c.header('Content-Security-Policy', UI_CSP);
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });

  return app;
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CoreError('INVALID_ARGUMENT', 'the request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CoreError('INVALID_ARGUMENT', 'the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
