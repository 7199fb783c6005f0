import type { RequestId, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AskProgress } from '../../domain/ask-progress.ts';
import type { AttachmentInput } from '../../domain/attachment.ts';
import { MESSAGE_CONTENT_MAX_CHARS } from '../../domain/message.ts';
import type { DiagLog } from '../../diag/log.ts';
import { APP_VERSION } from '../../version.ts';
import type { Language } from '../../domain/enums.ts';
import { doorAttachmentSchema, doorAttachmentsPluralSchema, readDoorAttachment } from './door-attachment.ts';
import type { DoorGate } from './door-gate.ts';
import { DOOR_TEXTS } from './door-texts.ts';

/** Frozen (ledger part 5, MCP server 1): the door's one tool. Clients rediscover it through tools/list. */
export const DOOR_TOOL_NAME = 'ask_fuseforks';
export const DOOR_SERVER_NAME = 'fuseforks';

export const DOOR_TOOL_DESCRIPTION =
  "Send a message to this Fuseforks village's reception servant and return its answer. " +
  'The servant may consult other servants of the village before it answers, so a call can take minutes. ' +
  'You may attach one file (an image, audio, video or PDF) for the servant to see with the message. ' +
  'The village handles one outside request at a time: while another one is running, the call returns at ' +
  'once with a busy error, and you can try again later.';

/** The English busy answer (a Japanese village answers DOOR_TEXTS.ja.busy). */
export const DOOR_BUSY_TEXT = DOOR_TEXTS.en.busy;

/** The answer to one request, returned as the tool result (an error result when isError). */
export interface DoorAnswer {
  text: string;
  isError: boolean;
}

/**
 * How the village answers a request. `client` is the caller's self-reported `clientInfo.name`, raw
 * ('' when absent); the village normalises it. `signal` aborts when the caller cancels or goes away.
 * `attachment` is the caller's one file, already decoded from base64 (its kind is not known yet).
 * `onProgress` is given only when the caller asked for progress (a `progressToken`): the village tells
 * it what it is doing, paced; the door words it and sends `notifications/progress`.
 */
export type DoorAsk = (
  message: string,
  client: string,
  signal: AbortSignal,
  attachment?: AttachmentInput,
  onProgress?: (update: AskProgress) => void,
) => Promise<DoorAnswer>;

export interface DoorServerOptions {
  ask: DoorAsk;
  /** The village language now: the door's own answers are in it. */
  language: () => Language;
  gate: DoorGate;
  log?: DiagLog;
  /** Called when the attachment argument is refused before `ask` (bad base64, empty, too long, a second). */
  onAttachmentRefused?: (() => void) | undefined;
  /**
   * Aborts when the HTTP request that carried this JSON-RPC request is dropped by the client, or when
   * the door closes (switched off, a new port, the server stopping).
   */
  hangUpSignal: (requestId: RequestId) => AbortSignal | undefined;
}

/** One session's MCP server: the `fuseforks` implementation with exactly the `ask_fuseforks` tool. */
export function createDoorServer(options: DoorServerOptions): McpServer {
  const { ask, gate, log } = options;
  const server = new McpServer({ name: DOOR_SERVER_NAME, version: APP_VERSION });
  server.registerTool(
    DOOR_TOOL_NAME,
    {
      description: DOOR_TOOL_DESCRIPTION,
      inputSchema: {
        // Bounded like the chat's text: the door's body limit now leaves room for a file, not for text.
        message: z
          .string()
          .max(MESSAGE_CONTENT_MAX_CHARS)
          .describe('The request for the village, written as you would write it to a person.'),
        attachment: doorAttachmentSchema,
        attachments: doorAttachmentsPluralSchema,
      },
    },
    async ({ message, attachment: argument, attachments: plural }, extra) => {
      // Read before the gate: a malformed file is the caller's to fix and never holds up the village.
      const t = DOOR_TEXTS[options.language()];
      const read = readDoorAttachment(argument, plural, options.language());
      if (!read.ok) {
        log?.note('mcp door: ask refused: invalid attachment');
        options.onAttachmentRefused?.();
        return textResult({ text: read.text, isError: true });
      }
      if (!gate.tryEnter()) {
        log?.note('mcp door: ask refused: busy');
        return textResult({ text: t.busy, isError: true });
      }
      const hangUp = options.hangUpSignal(extra.requestId);
      const signal = hangUp ? AbortSignal.any([extra.signal, hangUp]) : extra.signal;
      const client = server.server.getClientVersion()?.name ?? '';
      const started = Date.now();
      const progress = progressSender(extra._meta?.progressToken, extra.sendNotification, () =>
        options.language(),
      );
      try {
        const answer = await ask(message, client, signal, read.attachment, progress?.send);
        log?.note(`mcp door: ask done: ms=${Date.now() - started} error=${answer.isError}`);
        return textResult(answer);
      } catch (error) {
        const name = error instanceof Error ? error.name : typeof error;
        log?.warn(`mcp door: ask failed: ms=${Date.now() - started} ${name}`);
        return textResult({ text: t.failed, isError: true });
      } finally {
        // The answer is (about to be) the result: no progress may follow it.
        progress?.close();
        gate.leave();
      }
    },
  );
  return server;
}

/**
 * The request's `notifications/progress`, when the client gave a progress token: `progress` counts up
 * from 1 (strictly increasing, as MCP asks), the message in the village language. A failing send (the
 * client gone) is dropped: it never reaches the ask.
 */
function progressSender(
  token: string | number | undefined,
  sendNotification: (notification: ServerNotification) => Promise<void>,
  language: () => Language,
): { send: (update: AskProgress) => void; close: () => void } | null {
  if (token === undefined) return null;
  let count = 0;
  let closed = false;
  return {
    send(update) {
      if (closed) return;
      count += 1;
      const message = DOOR_TEXTS[language()].progress(update);
      try {
        void sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: count, message },
        }).catch(() => undefined);
      } catch {
        // As above: the ask goes on without its client's status line.
      }
    },
    close() {
      closed = true;
    },
  };
}

function textResult(answer: DoorAnswer): { content: [{ type: 'text'; text: string }]; isError: boolean } {
  return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
}
