/**
 * Test-only (imported by *.test.ts only): Responses event streams for the assembler tests.
 * - `recordedStreams`: a recorded `*.chunks.txt` as one or more streams. A file may hold several
 *   calls one after another (openai-reasoning-encrypted-content holds the four calls of one
 *   multi-step run), so it is split before each `response.created`.
 * - `streamOfWhole`: the stream a provider would send for a whole response body, written in the
 *   event shapes of the recorded OpenAI and xAI streams (created, in_progress, per item added /
 *   part and delta events / done, completed with the whole body). For the wires with no recorded
 *   stream (Perplexity, Meta), whose whole bodies are written from the ledger's measured shapes.
 */
import { recordedChunks } from '../../stream/stream-test-helpers.ts';

type Json = Record<string, unknown>;

/** An event line's `type`, read without parsing (a broken line keeps its name). */
export function typeOf(line: string): string {
  return /"type":"([^"]*)"/.exec(line)?.[1] ?? 'message';
}

/**
 * The SSE bytes for payload lines, each event named by its type as the Responses stream names
 * them. Unlike the shared `sseBody` it takes lines whose JSON is broken (the failure tests need them).
 */
export function responsesSse(payloads: readonly string[]): Uint8Array {
  return new TextEncoder().encode(payloads.map((p) => `event: ${typeOf(p)}\ndata: ${p}\n\n`).join(''));
}

export function recordedStreams(relativePath: string): string[][] {
  const streams: string[][] = [];
  for (const line of recordedChunks(relativePath)) {
    // A line whose JSON is broken (the recorded parallel-tool-call-wrapper has one) stays in its place.
    const starts = typeOf(line) === 'response.created';
    if (starts || streams.length === 0) streams.push([]);
    streams[streams.length - 1]!.push(line);
  }
  return streams;
}

/** `text` in pieces of `size` code points (never splitting a surrogate pair). */
export function pieces(text: string, size: number): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

function array(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

/** The events of one output item between its `added` and its `done`. */
function itemEvents(item: Json, outputIndex: number, size: number, emit: (event: Json) => void): void {
  const itemId = typeof item.id === 'string' ? item.id : `item_${outputIndex}`;
  const at = { item_id: itemId, output_index: outputIndex };
  if (item.type === 'message') {
    array(item.content).forEach((part, contentIndex) => {
      const where = { ...at, content_index: contentIndex };
      emit({ type: 'response.content_part.added', ...where, part: { ...part, text: '', annotations: [] } });
      const text = typeof part.text === 'string' ? part.text : '';
      for (const delta of pieces(text, size)) emit({ type: 'response.output_text.delta', ...where, delta });
      array(part.annotations).forEach((annotation, annotationIndex) =>
        emit({
          type: 'response.output_text.annotation.added',
          ...where,
          annotation_index: annotationIndex,
          annotation,
        }),
      );
      emit({ type: 'response.output_text.done', ...where, text });
      emit({ type: 'response.content_part.done', ...where, part });
    });
  } else if (item.type === 'reasoning') {
    array(item.summary).forEach((part, summaryIndex) => {
      const where = { ...at, summary_index: summaryIndex };
      const text = typeof part.text === 'string' ? part.text : '';
      emit({ type: 'response.reasoning_summary_part.added', ...where, part: { ...part, text: '' } });
      for (const delta of pieces(text, size))
        emit({ type: 'response.reasoning_summary_text.delta', ...where, delta });
      emit({ type: 'response.reasoning_summary_text.done', ...where, text });
      emit({ type: 'response.reasoning_summary_part.done', ...where, part });
    });
  } else if (item.type === 'function_call') {
    const args = typeof item.arguments === 'string' ? item.arguments : '';
    for (const delta of pieces(args, size))
      emit({ type: 'response.function_call_arguments.delta', ...at, delta });
    emit({ type: 'response.function_call_arguments.done', ...at, arguments: args });
  }
}

/** The item as `output_item.added` shows it: nothing produced yet. */
function started(item: Json): Json {
  const out: Json = { ...item, status: 'in_progress' };
  if (item.type === 'message') out.content = [];
  if (item.type === 'reasoning') out.summary = [];
  if (item.type === 'function_call') out.arguments = '';
  return out;
}

/** The payload lines of a stream for `whole`, text and arguments in pieces of `size` code points. */
export function streamOfWhole(whole: Json, size = 4): string[] {
  const events: Json[] = [];
  const emit = (event: Json) => events.push({ ...event, sequence_number: events.length });
  const pending = { ...whole, status: 'in_progress', output: [], usage: null };
  emit({ type: 'response.created', response: pending });
  emit({ type: 'response.in_progress', response: pending });
  array(whole.output).forEach((item, outputIndex) => {
    emit({ type: 'response.output_item.added', output_index: outputIndex, item: started(item) });
    itemEvents(item, outputIndex, size, emit);
    emit({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  emit({
    type: whole.status === 'incomplete' ? 'response.incomplete' : 'response.completed',
    response: whole,
  });
  return events.map((event) => JSON.stringify(event));
}
