import type { ErrorPayload } from './errors.ts';

/** Something the village runs without, which a person should know about (not a boot failure). */
export interface BootWarning {
  /**
   * `SESSION_STORE_FAILED`: conversations are not saved; `LOG_NOT_WRITTEN`: fuseforks.log is refused;
   * `SCHEDULE_STORE_BLOCKED`: schedules.json could not be read, so no schedule runs and changes are
   * refused until it is fixed.
   */
  code: 'SESSION_STORE_FAILED' | 'LOG_NOT_WRITTEN' | 'SCHEDULE_STORE_BLOCKED';
  /** Why, naming the file (never its content). */
  message: string;
}

/** `boot_status` and `retry_boot`: ready, or the failure that keeps the village shut, and warnings. */
export interface BootStatus {
  ready: boolean;
  error: ErrorPayload | null;
  warnings: BootWarning[];
}
