export { SessionStore } from './session-store.ts';
export type { SessionStoreOptions } from './session-store.ts';
export { SESSIONS_FILE, sessionStorePath } from './session-file.ts';
export type {
  SessionRecord,
  StoredRecord,
  MessageEntry,
  ExchangeEntry,
  SummaryEntry,
  TurnEntry,
  ToolEntry,
} from './record.ts';
export type { RestoredHistories, HistoryExchange, ActiveSummary } from './restore.ts';
export { SCHEMA_VERSION } from './schema.ts';
export { SESSIONS_WARN_THRESHOLD, RECORDS_WARN_THRESHOLD } from './warnings.ts';
export { exportHeaderLine, exportRecordLine } from './export-file.ts';
