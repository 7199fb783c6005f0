/**
 * A fake LLM provider on 127.0.0.1:0 that speaks the wires' HTTP shapes (chat completions, messages,
 * generateContent, and Responses for the four Responses wires): scripted replies and failures, slow
 * answers, dropped connections, and a record of every request it got.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastUserText } from './request-parts.ts';
import { responsesText } from './responses-replies.ts';
import { writeStream, type StreamScript } from './stream-writer.ts';
import { wireOfPath, type WireKind } from './wire-of-path.ts';

export { wireOfPath, type WireKind, type StreamScript };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is (e.g. malformed JSON). */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Close the socket without answering. */
  hangUp?: boolean;
  /** Never answer on its own: the request stays open until the client goes away or `releaseHeld`. */
  hold?: boolean;
  /** Answer with this event stream (`content-type: text/event-stream`), written piece by piece. */
  stream?: StreamScript;
}

interface TextRule {
  needle: string;
  reply: ScriptedReply;
}

/** A plain successful text answer in each wire's shape. */
export function textReply(wire: WireKind, text: string): unknown {
  switch (wire) {
    case 'openai':
      return {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        model: 'fake',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
      };
    case 'anthropic':
      return {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: 'fake',
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 11, output_tokens: 3 },
      };
    case 'gemini':
      return {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 3, totalTokenCount: 14 },
      };
    case 'responses':
      return responsesText(text);
  }
}

/** An OpenAI-compatible answer that calls one tool. */
export function openAiToolCall(name: string, args: Record<string, unknown>): unknown {
  return {
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: `call_${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 60, completion_tokens: 8, total_tokens: 68 },
  };
}

/** The image mime types a request body carries (data URLs, Anthropic `media_type`, Gemini `mimeType`). */
export function imageTypesIn(rawBody: string): string[] {
  const found = [...rawBody.matchAll(/data:(image\/[a-z0-9.+-]+);base64,/g)].map((m) => m[1]!);
  for (const m of rawBody.matchAll(/"(?:media_type|mimeType|mime_type)":"(image\/[a-z0-9.+-]+)"/g))
    found.push(m[1]!);
  return found;
}

export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  /**
   * An endpoint that refuses some images: a request carrying an image of a type this returns true
   * for is answered 400 (before the script), as a server without that image support answers.
   */
  refuseImages: ((mimeType: string) => boolean) | null = null;
  /** Requests whose client closed the connection before the answer was sent (an aborted call). */
  abortedByClient = 0;
  /** Streamed answers whose connection closed before their end (the client stopped, or a scripted cut). */
  streamsClosedEarly = 0;
  private readonly held = new Set<() => void>();
  private readonly script: ScriptedReply[] = [];
  private readonly textRules: TextRule[] = [];
  private server: Server | null = null;
  port = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Queue replies, answered in order; when the queue is empty a plain "ok" answer is sent. */
  enqueue(...replies: ScriptedReply[]): this {
    this.script.push(...replies);
    return this;
  }

  /**
   * When the queue is empty, answer a request whose last user text (found after any attachment parts,
   * test/fakes/request-parts.ts) contains `needle` with `reply`; the first matching rule wins.
   */
  answerWhenUserSays(needle: string, reply: ScriptedReply): this {
    this.textRules.push({ needle, reply });
    return this;
  }

  private replyByText(request: RecordedRequest): ScriptedReply | undefined {
    const text = lastUserText(request);
    return this.textRules.find((rule) => text.includes(rule.needle))?.reply;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        // Decoded once: a character split across chunks stays whole.
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
        const path = req.url ?? '/';
        const recorded = { method: req.method ?? '', path, headers: req.headers, rawBody: raw, body };
        this.requests.push(recorded);
        const refuse = this.refuseImages;
        const reply: ScriptedReply =
          refuse !== null && imageTypesIn(raw).some(refuse)
            ? {
                status: 400,
                body: { error: { message: 'image input is not supported', type: 'invalid_request_error' } },
              }
            : (this.script.shift() ??
              this.replyByText(recorded) ?? { body: textReply(wireOfPath(path), 'ok') });
        let answered = false;
        res.on('close', () => {
          if (!answered) this.abortedByClient += 1;
        });
        const send = () => {
          answered = true;
          if (res.destroyed) return;
          if (reply.hangUp) {
            req.socket.destroy();
            return;
          }
          if (reply.stream) {
            res.writeHead(reply.status ?? 200, { 'content-type': 'text/event-stream', ...reply.headers });
            res.on('close', () => {
              if (!res.writableEnded) this.streamsClosedEarly += 1;
            });
            void writeStream(res, reply.stream);
            return;
          }
          const payload =
            typeof reply.body === 'string'
              ? reply.body
              : JSON.stringify(reply.body ?? textReply(wireOfPath(path), 'ok'));
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(payload);
        };
        if (reply.hold) {
          const release = () => {
            this.held.delete(release);
            send();
          };
          this.held.add(release);
          res.on('close', () => this.held.delete(release));
        } else if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** How many held requests are still open. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Answers every held request now (a provider that finally finished thinking). */
  releaseHeld(): void {
    for (const release of [...this.held]) release();
  }

  /** Resolves once `count` requests have arrived (polling; rejects after ~10 s). */
  async waitForRequests(count: number): Promise<void> {
    for (let i = 0; i < 2000; i += 1) {
      if (this.requests.length >= count) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`the fake provider got ${this.requests.length} of ${count} requests`);
  }

  /** Resolves once `count` requests were closed by their client before an answer. */
  async waitForAborts(count: number): Promise<void> {
    for (let i = 0; i < 2000; i += 1) {
      if (this.abortedByClient >= count) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`the fake provider saw ${this.abortedByClient} of ${count} aborted requests`);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}
