import type { AgentId } from '../domain/ids.ts';
import type { StoredRecord } from './record.ts';

/** One round trip of an agent's history, as restored. */
export interface HistoryExchange {
  sent: string;
  replied: string;
}

/** The summary that is in force for an agent: its latest. */
export interface ActiveSummary {
  text: string;
  coversUpToSeq: number;
  /** The summary record's own seq. */
  seq: number;
}

/** Summaries never take history slots: the two travel apart. */
export interface RestoredHistories {
  histories: Map<AgentId, HistoryExchange[]>;
  summaries: Map<AgentId, ActiveSummary>;
}

/**
 * Per agent: the latest summary (older ones stay stored but are inactive), and the exchanges after
 * that summary's `coversUpToSeq` — all of them when there is no summary — cut to the last
 * `historyTurns` (the window is applied here, at load, never when saving). `records` come in seq
 * order. An agent gets a history entry only when at least one exchange is left in its window.
 * Messages and turn records are never history: they are passed over.
 */
export function restoreFromRecords(records: Iterable<StoredRecord>, historyTurns: number): RestoredHistories {
  const exchanges = new Map<AgentId, { seq: number; sent: string; replied: string }[]>();
  const summaries = new Map<AgentId, ActiveSummary>();
  for (const record of records) {
    if (record.kind === 'summary') {
      const { text, coversUpToSeq, seq } = record;
      summaries.set(record.agentId, { text, coversUpToSeq, seq });
    } else if (record.kind === 'exchange') {
      let list = exchanges.get(record.agentId);
      if (list === undefined) exchanges.set(record.agentId, (list = []));
      list.push({ seq: record.seq, sent: record.sent, replied: record.replied });
    }
  }
  const histories = new Map<AgentId, HistoryExchange[]>();
  for (const [agentId, list] of exchanges) {
    const coveredUpTo = summaries.get(agentId)?.coversUpToSeq ?? -1;
    const open = list.filter((exchange) => exchange.seq > coveredUpTo);
    const window = open.slice(Math.max(0, open.length - historyTurns));
    if (window.length > 0) {
      histories.set(
        agentId,
        window.map(({ sent, replied }) => ({ sent, replied })),
      );
    }
  }
  return { histories, summaries };
}
