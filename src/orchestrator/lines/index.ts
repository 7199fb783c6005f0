/**
 * Pure formatters for the orchestrator's diagnostic lines. Each returns the line without the
 * `[fuseforks] ` prefix (DiagLog adds it) and carries only ids, counts, closed enums and, where the
 * ledger asks, a short safe head: never prompt bodies, tool output or secrets.
 */
export { FIELD_VALUE_MAX_CHARS, charCount, clipChars, fieldValue, oneLine } from './fields.ts';
export { REFUSAL_WINDOW_CHARS, REFUSAL_WORDS_EN, REFUSAL_WORDS_JA, isRefusal } from './refusal.ts';
export { LEAK_HEAD_CHARS, leakHead, looksLikeLeakedToolCall } from './leaked-tool-call.ts';
export {
  TURN_FAILED_REASON_CHARS,
  type TurnExit,
  type TurnFailedFields,
  type TurnSpend,
  type TurnStartFields,
  stopField,
  totalTokens,
  turnBudgetExhaustedLine,
  turnExitOf,
  turnFailedLine,
  turnInterruptedLine,
  turnLine,
  turnRecordFrom,
  turnStartLine,
  usageLine,
} from './turn-lines.ts';
export {
  type AskRefusedFields,
  type ReplyFields,
  type TurnFoldedFields,
  askRefusedLine,
  handoffLine,
  replyLine,
  turnFoldedLine,
} from './routing-lines.ts';
export {
  type LeakedToolCallFields,
  type RoomLogReadFields,
  type RoomLogReadOutcome,
  type ToolBlockReason,
  type ToolBlockedFields,
  type ToolLineFields,
  leakedToolCallLine,
  roomLogReadLine,
  toolBlockedLine,
  toolLine,
} from './tool-lines.ts';
export {
  type PlanBundleFields,
  type PlanVerifyFields,
  type PlanWaveFields,
  planBundleDiscardedLine,
  planBundleLine,
  planDiscardLine,
  planDispatchLine,
  planPendingLine,
  planReviewSkippedLine,
  planVerifyLine,
  planWaveLine,
} from './plan-lines.ts';
export { type AttachmentKindFields, attachmentKindLine } from './attachment-lines.ts';
