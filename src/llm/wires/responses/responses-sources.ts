/**
 * Collecting grounding sources and queries on the Responses wires: sources de-duplicated by URL in
 * arrival order (the first title wins, the Grounding::absorb rule), queries by text. A wire adds its
 * sources in its own order (OpenAI: annotations first, which carry titles, then action.sources) and
 * decides what counts as a source; only http(s) URLs are ever added (a non-URI in the URI field would
 * show as a false "source" on screen, a `javascript:` one as a live link).
 */
import type { GroundingEngine } from '../../../domain/enums.ts';
import type { Grounding, GroundingSource } from '../../../domain/message.ts';
import { isWebUrl } from '../web-url.ts';
import type { ResponsesAnnotation } from './responses-api.ts';

export class ResponsesSources {
  private readonly sources: GroundingSource[] = [];
  private readonly queries: string[] = [];
  private readonly seen = new Set<string>();
  private readonly seenQueries = new Set<string>();

  /**
   * Adds one source; false when it has no http(s) URL (web-url.ts) or the URL is already there.
   * `title` "" when none.
   */
  addSource(url: string | null | undefined, title?: string | null): boolean {
    const uri = url?.trim();
    if (!isWebUrl(uri) || this.seen.has(uri)) return false;
    this.seen.add(uri);
    this.sources.push({ uri, title: title ?? '' });
    return true;
  }

  /** Every `url_citation` annotation with a URL; start/end indexes are never read. */
  addAnnotations(annotations: ResponsesAnnotation[]): void {
    for (const annotation of annotations) {
      if (annotation.type == null || annotation.type === 'url_citation')
        this.addSource(annotation.url, annotation.title);
    }
  }

  addQuery(query: string | null | undefined): void {
    if (query == null || query.trim() === '' || this.seenQueries.has(query)) return;
    this.seenQueries.add(query);
    this.queries.push(query);
  }

  get sourceCount(): number {
    return this.sources.length;
  }

  get queryCount(): number {
    return this.queries.length;
  }

  /**
   * The Grounding, or null when nothing grounded the answer. A wire whose search ran but returned no
   * source passes `searched` so the empty list is kept: empty `sources` is the verdict "no source".
   */
  grounding(engine: GroundingEngine, searched = false): Grounding | null {
    if (!searched && this.sources.length === 0 && this.queries.length === 0) return null;
    return { queries: [...this.queries], sources: [...this.sources], engine };
  }
}
