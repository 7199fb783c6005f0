import type { Grounding } from '../domain/message.ts';

/** Merges one round's grounding into the turn's: queries de-duplicated by text, sources by URL. */
export function absorbGrounding(into: Grounding | null, round: Grounding | null): Grounding | null {
  if (round === null) return into;
  if (into === null)
    return { queries: [...round.queries], sources: [...round.sources], engine: round.engine };
  const queries = [...into.queries];
  for (const q of round.queries) if (!queries.includes(q)) queries.push(q);
  const sources = [...into.sources];
  for (const s of round.sources) if (!sources.some((x) => x.uri === s.uri)) sources.push(s);
  return { queries, sources, engine: into.engine };
}
