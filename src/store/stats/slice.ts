import type { TurnRecord } from '../../domain/session.ts';
import { effectiveTokens } from '../../domain/effective-tokens.ts';
import type { Slice } from './types.ts';

/**
 * Effective tokens of one turn record, through the budget's single implementation
 * (`effectiveMilli` weights, rounded up to whole tokens). Cache writes are inside prompt and so
 * count ×1; reasoning is inside completion and is not added. Never re-implement the formula here.
 */
export function turnEffective(turn: TurnRecord): number {
  return effectiveTokens({
    prompt: turn.prompt,
    cacheRead: turn.cached,
    completion: turn.completion,
  });
}

/** Running sums of one slice; `finish` derives the ratios and means. */
export class SliceSum {
  turns = 0;
  failed = 0;
  prompt = 0;
  cached = 0;
  completion = 0;
  reasoning = 0;
  cacheWrite = 0;
  cacheWrite1h = 0;
  effective = 0;
  elapsedMs = 0;

  /** `effective` is passed in so that every table sums the same per-turn integers. */
  add(turn: TurnRecord, effective: number): void {
    this.turns += 1;
    if (turn.stop.kind === 'failed') this.failed += 1;
    this.prompt += turn.prompt;
    this.cached += turn.cached;
    this.completion += turn.completion;
    this.reasoning += turn.reasoning;
    this.cacheWrite += turn.cacheWrite;
    this.cacheWrite1h += turn.cacheWrite1h;
    this.effective += effective;
    this.elapsedMs += turn.elapsedMs;
  }

  finish(): Slice {
    const io = this.prompt + this.completion;
    return {
      turns: this.turns,
      failed: this.failed,
      prompt: this.prompt,
      cached: this.cached,
      completion: this.completion,
      reasoning: this.reasoning,
      cacheWrite: this.cacheWrite,
      cacheWrite1h: this.cacheWrite1h,
      effective: this.effective,
      cacheRate: this.prompt > 0 ? this.cached / this.prompt : 0,
      outputShare: io > 0 ? this.completion / io : 0,
      avgElapsedMs: this.turns > 0 ? this.elapsedMs / this.turns : 0,
      avgTokensPerTurn: this.turns > 0 ? io / this.turns : 0,
    };
  }
}
