import type { AgentId } from '../../domain/ids.ts';
import type { SessionSummary, TurnRecord } from '../../domain/session.ts';

/** Test fixtures for the stats tests (not exported from the index). */
export function turn(fields: Partial<Omit<TurnRecord, 'agentId'>> & { agentId?: string } = {}): TurnRecord {
  const { agentId = 'alice', ...rest } = fields;
  return {
    tsMs: 1_000,
    hop: 0,
    rounds: 1,
    waves: 0,
    stop: { kind: 'completed' },
    prompt: 0,
    cached: 0,
    completion: 0,
    reasoning: 0,
    cacheWrite: 0,
    cacheWrite1h: 0,
    model: 'model-a',
    backend: 'openai_compat',
    elapsedMs: 0,
    ...rest,
    agentId: agentId as AgentId,
  };
}

export function session(id: string, title = `title ${id}`, parentId?: string): SessionSummary {
  return {
    id,
    meta: {
      title,
      createdAt: 0,
      updatedAt: 0,
      recordCount: 0,
      ...(parentId === undefined ? {} : { parentId, forkedAtSeq: 3 }),
    },
  };
}
