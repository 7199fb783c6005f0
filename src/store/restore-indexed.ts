import type { AgentId } from '../domain/ids.ts';
import type { ExchangeEntry, StoredRecord, SummaryEntry } from './record.ts';
import type { ActiveSummary, HistoryExchange, RestoredHistories } from './restore.ts';
import type { ScaleStatements } from './scale-statements.ts';
import type { RecordRow } from './statements.ts';

/**
 * What `restoreFromRecords` returns over every history row, read through the history index instead
 * (issue 24): per agent, one seek for its latest summary and one for its last `historyTurns`
 * exchanges after that summary's cut. The cost follows the agents and the window, not the session's
 * length. Agents come in id order (the maps' order carries no meaning).
 */
export function restoreThroughIndex(
  s: ScaleStatements,
  sessionId: string,
  historyTurns: number,
  decode: (row: RecordRow) => StoredRecord,
): RestoredHistories {
  const histories = new Map<AgentId, HistoryExchange[]>();
  const summaries = new Map<AgentId, ActiveSummary>();
  let agent = '';
  for (;;) {
    const next = s.nextHistoryAgent.get(sessionId, agent);
    if (next === undefined) break;
    agent = next.agent;
    const summaryRow = s.latestSummary.get(sessionId, agent);
    let coveredUpTo = -1;
    if (summaryRow !== undefined) {
      const { text, coversUpToSeq, seq } = decode(summaryRow) as SummaryEntry & { seq: number };
      summaries.set(agent as AgentId, { text, coversUpToSeq, seq });
      coveredUpTo = coversUpToSeq;
    }
    if (historyTurns === 0) continue;
    const rows = s.lastExchanges.all(sessionId, agent, coveredUpTo, historyTurns).reverse();
    if (rows.length === 0) continue;
    histories.set(
      agent as AgentId,
      rows.map((row) => {
        const { sent, replied } = decode(row) as ExchangeEntry;
        return { sent, replied };
      }),
    );
  }
  return { histories, summaries };
}
