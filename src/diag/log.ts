import { closeSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { isCoreError } from '../domain/errors.ts';
import { openWorkspaceAppendSync, renameInWorkspaceSync } from '../world/workspace-write.ts';

/** Rotate to `fuseforks.log.old` (one generation) once the file would pass this size. */
export const LOG_ROTATE_BYTES = 8 * 1024 * 1024;
export const LOG_FILE = 'fuseforks.log';

/**
 * The diagnostics log: `[fuseforks]` lines to stderr and `{workspace}/fuseforks.log`.
 * Only observation lines go here: never prompt bodies, tool output or secrets.
 */
export interface DiagLog {
  note(line: string): void;
  warn(line: string): void;
  /** Why the log file is not written (a refused planted link), or null; memory logs have none. */
  problem?(): string | null;
}

export interface FileDiagLogOptions {
  /** Also write to stderr (without timestamps). */
  stderr?: boolean;
  rotateBytes?: number;
  now?: () => Date;
  /** The workspace the log lives in (default: its folder); nothing below it may be a link. */
  workspace?: string;
}

export class FileDiagLog implements DiagLog {
  private size: number;
  private readonly stderr: boolean;
  private readonly rotateBytes: number;
  private readonly now: () => Date;
  private readonly workspace: string;
  private refusalReported = false;
  private refusal: string | null = null;
  /**
   * The log file, opened once through the workspace checks and kept: a line is then one write, and a
   * link planted later cannot redirect it (the descriptor names our file). Reopened after a rotation
   * or a failed write. A log deleted by hand while the server runs gets no lines until then.
   */
  private fd: number | null = null;

  constructor(
    readonly path: string,
    options: FileDiagLogOptions = {},
  ) {
    this.stderr = options.stderr ?? true;
    this.rotateBytes = options.rotateBytes ?? LOG_ROTATE_BYTES;
    this.now = options.now ?? (() => new Date());
    this.workspace = options.workspace ?? dirname(path);
    this.size = fileSize(path);
  }

  note(line: string): void {
    this.write(line);
  }

  warn(line: string): void {
    this.write(`WARN ${line}`);
  }

  problem(): string | null {
    return this.refusal;
  }

  /** A failed rotation keeps appending to the live file rather than losing lines. */
  private rotate(): void {
    this.closeFile();
    try {
      renameInWorkspaceSync(this.workspace, this.path, `${this.path}.old`);
      this.size = 0;
    } catch {
      // Keep writing to the live file.
    }
  }

  private write(line: string): void {
    const text = `[fuseforks] ${line.replace(/[\r\n]+/g, ' ')}`;
    if (this.stderr) {
      try {
        process.stderr.write(`${text}\n`);
      } catch {
        // Diagnostics never fail the caller.
      }
    }
    const fileLine = `${this.now().toISOString()} ${text}\n`;
    try {
      const bytes = Buffer.byteLength(fileLine);
      if (this.size > 0 && this.size + bytes > this.rotateBytes) this.rotate();
      this.fd ??= openWorkspaceAppendSync(this.workspace, this.path);
      writeSync(this.fd, fileLine);
      this.size += bytes;
    } catch (error) {
      // Write failures are swallowed; reopen and re-read the size next time in case the file moved.
      this.closeFile();
      this.size = fileSize(this.path);
      if (isCoreError(error)) this.reportRefusal(error.message);
    }
  }

  /** Lets the file go (the server stops); a later line opens it again. */
  close(): void {
    this.closeFile();
  }

  private closeFile(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already gone: nothing to release.
    }
    this.fd = null;
  }

  /** A refused log file (a planted link) is said once on stderr: the lines go nowhere else. */
  private reportRefusal(message: string): void {
    this.refusal = message;
    if (this.refusalReported || !this.stderr) return;
    this.refusalReported = true;
    try {
      process.stderr.write(`[fuseforks] WARN the log file is not written: ${message}\n`);
    } catch {
      // Diagnostics never fail the caller.
    }
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** A log that keeps lines in memory; for tests and for code that runs before the workspace exists. */
export class MemoryDiagLog implements DiagLog {
  readonly lines: string[] = [];
  note(line: string): void {
    this.lines.push(line);
  }
  warn(line: string): void {
    this.lines.push(`WARN ${line}`);
  }
}
