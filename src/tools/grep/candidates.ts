import { MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { RenderedWindow } from './windows.ts';

/** Collects rendered windows until they can no longer all be shown (the first one past is kept too). */
export class Candidates {
  readonly windows: RenderedWindow[] = [];
  private matches = 0;
  private chars = 0;
  full = false;

  add(window: RenderedWindow): void {
    this.windows.push(window);
    this.matches += window.matches;
    this.chars += window.chars;
    if (this.matches > MAX_MATCHES || this.chars > MAX_OUTPUT_CHARS) this.full = true;
  }
}
