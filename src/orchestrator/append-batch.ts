/**
 * The records written during one stretch of the event loop, committed in one transaction (issue 24:
 * a simple turn made four commits, each rewriting the session's metadata). A record is queued when it
 * is recorded and written at the next `setImmediate`, or sooner by `flush()`.
 *
 * "Acknowledged", for a batched record: its batch has committed. `Sessions` flushes before every read
 * of the store, every switch, fork, export and delete, and at close, and the server flushes after each
 * command before it answers: a record the API has answered for (send_user_message's message, what a
 * turn that ended before the answer recorded) is on disk in WAL mode and survives the process being
 * killed. What a crash can lose is only the stretch in progress, never yet acknowledged to anyone.
 */
import type { SessionRecord } from '../store/index.ts';

export type BatchWriter = (sessionId: string, records: SessionRecord[]) => void;

export class AppendBatch {
  private sessionId: string | null = null;
  private records: SessionRecord[] = [];
  private scheduled: NodeJS.Immediate | null = null;

  constructor(private readonly write: BatchWriter) {}

  /** Queues `record`; records of one session keep their order (seqs are assigned at the write). */
  add(sessionId: string, record: SessionRecord): void {
    if (this.sessionId !== null && this.sessionId !== sessionId) this.flush();
    this.sessionId = sessionId;
    this.records.push(record);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Writes what is queued, now. Never throws: the writer reports its own failures. */
  flush(): void {
    if (this.scheduled !== null) clearImmediate(this.scheduled);
    this.scheduled = null;
    const { sessionId, records } = this;
    this.sessionId = null;
    this.records = [];
    if (sessionId !== null && records.length > 0) this.write(sessionId, records);
  }
}
