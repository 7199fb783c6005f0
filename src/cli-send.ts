/**
 * `fuseforks send <agentId> <message> [--attach FILE]`: one message from the person to a servant of
 * the running server, over its HTTP API (`send_user_message`), the token and address found the way
 * `fuseforks browser` finds them. The attached file is checked here before any request (exists, is
 * a file, within the limit of the kind its head starts like, else of the largest kind); whether it
 * decodes as its kind and whether the servant's wire carries it the server decides, as for the chat.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ATTACHMENT_LARGEST_MAX_BYTES } from './domain/attachment.ts';
import { detectAttachment } from './domain/attachment-detect.ts';
import { CoreError } from './domain/errors.ts';
import { attachmentSizeRefusal } from './world/attachments/check.ts';
import { errorLine, resolveServerAccess, UsageError, type ResolveConfig } from './browser/cli-browser.ts';
import { coreErrorOfAnswer } from './browser/client.ts';

/** The largest file any kind may be (video, 12 MB): the limit named when the head matches no kind. */
const LARGEST_ATTACHMENT_BYTES = ATTACHMENT_LARGEST_MAX_BYTES;
/** Enough of the file's head for every kind's magic bytes (mp4's ftyp box, an ID3 header). */
const HEAD_BYTES = 4096;

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Over its kind's limit, by the kind the head starts like: the server's own message ("images are
 * limited to 10 MB before conversion; this file is 12.6 MB"), said before any request. Null within it.
 */
async function kindSizeRefusal(path: string, size: number): Promise<CoreError | null> {
  const detected = detectAttachment(await readHead(path));
  if (detected === null) return null;
  const refusal = attachmentSizeRefusal(detected.kind, size);
  return refusal === null ? null : refused(`${path}: ${refusal.message}`);
}

export const SEND_USAGE = `Usage: fuseforks send <agentId> <message> [--attach FILE] [options]

Sends <message> to the servant <agentId> of a running \`fuseforks serve\`, as the person at the chat
(the token is read from {home}/api_token). The servant must be running.

  --attach FILE    one file with the message: an image (PNG, JPEG, WebP, still GIF; up to 10 MB),
                   audio (mp3, wav; 10 MB), a video (mp4; 12 MB) or a PDF (10 MB). The kind is read
                   from the file's bytes; the servant's provider must carry it. <message> may then be "".
  --home DIR       app data ($FUSEFORKS_HOME, default ~/.local/share/fuseforks)
  --port N         the server's port ($FUSEFORKS_PORT, default 7420)
  --host H         the server's address (default 127.0.0.1)
  --url URL        the server's URL instead of --host/--port, e.g. http://127.0.0.1:7420

Prints the sent message's id; on failure "error CODE: message (detail)" on stderr and exit status 1.
`;

const OPTIONS = {
  attach: { type: 'string' },
  home: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface SendRequest {
  to: string;
  content: string;
  attach: string | undefined;
}

/** `fuseforks send …`: exit status 0 (sent), 1 (refused, or no server), 2 (bad usage). */
export async function sendMain(argv: string[], resolveConfig: ResolveConfig): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
  let request: SendRequest;
  try {
    const parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    values = parsed.values;
    if (values.help) {
      process.stdout.write(SEND_USAGE);
      return 0;
    }
    request = checkUsage(parsed.positionals, values.attach);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${SEND_USAGE}`);
    return 2;
  }
  try {
    // The file first: a missing or oversized file never costs a request.
    const attachment = request.attach === undefined ? undefined : await readAttachment(request.attach);
    const access = await resolveServerAccess(values, resolveConfig, 'fuseforks send');
    const sent = await postSend(access, {
      to: request.to,
      content: request.content,
      ...(attachment === undefined ? {} : { attachment }),
    });
    process.stdout.write(`${sent.id}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${SEND_USAGE}`);
      return 2;
    }
    process.stderr.write(`${errorLine(error)}\n`);
    return 1;
  }
}

function checkUsage(positionals: string[], attach: string | undefined): SendRequest {
  if (positionals.length !== 2) {
    const n = positionals.length;
    throw new UsageError(
      `fuseforks send: expected <agentId> <message>, got ${n} ${n === 1 ? 'argument' : 'arguments'}`,
    );
  }
  const [to, content] = positionals as [string, string];
  if (to.trim() === '') throw new UsageError('fuseforks send: <agentId> is empty');
  if (content.trim() === '' && attach === undefined) {
    throw new UsageError('fuseforks send: <message> is empty (it may be empty only with --attach)');
  }
  if (attach === '') throw new UsageError('fuseforks send: --attach needs a file');
  return { to, content, attach };
}

/** The file as the API takes it, or INVALID_ATTACHMENT saying what is wrong with it. */
export async function readAttachment(path: string): Promise<{ fileName: string; bytes: string }> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw refused(`${path} is not a file${info.isDirectory() ? ' (it is a folder)' : ''}`);
    size = info.size;
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw refused(
      code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code ?? 'error'})`,
    );
  }
  const byKind = await kindSizeRefusal(path, size);
  if (byKind !== null) throw byKind;
  if (size > LARGEST_ATTACHMENT_BYTES) {
    throw refused(
      `${path} is ${grouped(size)} bytes, larger than the largest attachment (a ${LARGEST_ATTACHMENT_BYTES / 1_000_000} MB video: ${grouped(LARGEST_ATTACHMENT_BYTES)} bytes)`,
    );
  }
  const bytes = await readFile(path);
  // Read again rather than trusted from stat: the file may have grown in between.
  if (bytes.length > LARGEST_ATTACHMENT_BYTES) throw refused(`${path} grew past the largest attachment`);
  return { fileName: basename(path), bytes: bytes.toString('base64') };
}

function refused(message: string): CoreError {
  return new CoreError('INVALID_ATTACHMENT', message);
}

function grouped(bytes: number): string {
  return bytes.toLocaleString('en-US');
}

async function postSend(
  { baseUrl, token }: { baseUrl: string; token: string },
  body: Record<string, unknown>,
): Promise<{ id: string }> {
  // Only the origin: a pasted UI URL carries `?token=…`, which must never reach an error message.
  const origin = new URL(baseUrl).origin;
  let response: Response;
  try {
    response = await fetch(`${origin}/api/send_user_message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    throw new CoreError(
      'IPC_FAILED',
      `the server at ${origin} does not answer; start it with \`fuseforks serve\``,
      {
        detail: typeof cause?.code === 'string' ? cause.code : null,
      },
    );
  }
  const text = await response.text();
  if (!response.ok) {
    throw (
      coreErrorOfAnswer(text) ??
      new CoreError(
        'IPC_FAILED',
        `the server at ${origin} answered HTTP ${response.status} without an error body`,
      )
    );
  }
  let sent: unknown;
  try {
    sent = (JSON.parse(text) as { id?: unknown } | null)?.id;
  } catch {
    sent = undefined;
  }
  if (typeof sent !== 'string') {
    throw new CoreError('IPC_FAILED', `the server at ${origin} answered without a message id`);
  }
  return { id: sent };
}
