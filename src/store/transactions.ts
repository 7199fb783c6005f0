import type Database from 'better-sqlite3';
import type { StoreOperation } from './store-error.ts';
import { guarded, storeFailed } from './store-error.ts';

/**
 * Explicit BEGIN / COMMIT so a failure names its step (begin, the work, commit). `fn` is synchronous
 * by type and by construction: better-sqlite3 cannot await, so no transaction spans an await.
 */
export class Transactions {
  private readonly beginWrite: Database.Statement;
  private readonly beginRead: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.beginWrite = db.prepare('BEGIN IMMEDIATE');
    this.beginRead = db.prepare('BEGIN DEFERRED');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** One atomic change: everything `fn` writes commits together or not at all. */
  write<T>(fn: () => T, operation: StoreOperation = 'write'): T {
    return this.run(this.beginWrite, fn, operation);
  }

  /** One consistent snapshot for several statements. */
  read<T>(fn: () => T, operation: StoreOperation = 'read'): T {
    return this.run(this.beginRead, fn, operation);
  }

  private run<T>(begin: Database.Statement, fn: () => T, operation: StoreOperation): T {
    guarded('begin', () => begin.run());
    let result: T;
    try {
      result = guarded(operation, fn);
    } catch (error) {
      this.abandon();
      throw error;
    }
    try {
      this.commit.run();
    } catch (error) {
      this.abandon();
      throw storeFailed('commit', error);
    }
    return result;
  }

  private abandon(): void {
    if (!this.db.inTransaction) return;
    try {
      this.rollback.run();
    } catch {
      // The original failure is the one worth reporting.
    }
  }
}
