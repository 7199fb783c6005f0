/**
 * `GET /api/sessions/{id}/export.jsonl` and `.md` (issue 22): the conversation downloaded in the
 * browser, streamed page by page (a 50,000-record session is never one string). The JSONL is what
 * `export_session` writes into the workspace, line for line; the Markdown is the readable rendering.
 */
import { CoreError } from '../../domain/errors.ts';
import type { Language } from '../../domain/enums.ts';
import type { SessionMeta } from '../../domain/session.ts';
import {
  exportHeaderLine,
  exportRecordLine,
  type SessionStore,
  type StoredRecord,
} from '../../store/index.ts';
import {
  markdownFooter,
  markdownHeader,
  markdownMessage,
  markdownTool,
  type MarkdownContext,
} from './markdown.ts';
import { downloadFileName } from './file-name.ts';

export type DownloadFormat = 'jsonl' | 'md';

/** Records read per pull of the stream (each page is one short read, between the client's reads). */
const PAGE_RECORDS = 500;

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

export interface DownloadSource {
  store: SessionStore;
  language: Language;
  agentName: (id: string) => string;
  /** world.json `externalName`: the outside client's display name when set. */
  externalName?: string | null;
  now: () => number;
}

export function parseDownloadPath(file: string): { sessionId: string; format: DownloadFormat } {
  const match = /^(.+)\.(jsonl|md)$/.exec(file);
  if (match === null) {
    throw new CoreError('INVALID_ARGUMENT', 'the export is {sessionId}.jsonl or {sessionId}.md');
  }
  return { sessionId: match[1]!, format: match[2] as DownloadFormat };
}

/** The response: headers from the meta read now (SESSION_NOT_FOUND before any byte), then the body. */
export function sessionDownload(source: DownloadSource, sessionId: string, format: DownloadFormat): Response {
  const meta = source.store.meta(sessionId);
  const encoder = new TextEncoder();
  const chunks =
    format === 'jsonl' ? jsonlChunks(source, sessionId, meta) : markdownChunks(source, sessionId, meta);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // Headers are sent: the client sees a cut download, never a half file taken for whole.
        controller.error(error);
      }
    },
    cancel() {
      chunks.return(undefined);
    },
  });
  const { ascii, utf8 } = downloadFileName(meta.title, sessionId, format);
  return new Response(body, {
    headers: {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The records the header's recordCount covers, a page at a time (a record appended meanwhile is not). */
function* pages(store: SessionStore, sessionId: string, meta: SessionMeta): Generator<StoredRecord[]> {
  let from = 0;
  while (from < meta.recordCount) {
    const page = store.recordsPage(sessionId, from, meta.recordCount, PAGE_RECORDS);
    if (page.length === 0) return;
    yield page;
    from = page[page.length - 1]!.seq + 1;
  }
}

function* jsonlChunks(source: DownloadSource, sessionId: string, meta: SessionMeta): Generator<string> {
  yield `${exportHeaderLine({ id: sessionId, meta })}\n`;
  for (const page of pages(source.store, sessionId, meta)) {
    yield page.map((record) => `${exportRecordLine(record)}\n`).join('');
  }
}

function* markdownChunks(source: DownloadSource, sessionId: string, meta: SessionMeta): Generator<string> {
  const context: MarkdownContext = {
    language: source.language,
    agentName: source.agentName,
    externalName: source.externalName ?? null,
  };
  yield markdownHeader(meta.title, meta, source.now(), context);
  const counts = { messages: 0, tools: 0 };
  for (const page of pages(source.store, sessionId, meta)) {
    let text = '';
    for (const record of page) {
      if (record.kind === 'tool') {
        text += markdownTool(record.tool, context);
        counts.tools += 1;
      }
      if (record.kind !== 'message') continue;
      text += markdownMessage(record.message, context);
      counts.messages += 1;
    }
    if (text !== '') yield text;
  }
  yield markdownFooter(counts, source.language);
}
