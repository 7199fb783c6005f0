/**
 * OpenAI's web search, read from one response (ledger openai_responses, Spec 34 D12):
 * - each `web_search_call` is one call; its `action` is search (has `query`, and `sources` when
 *   include asks for them) / open_page / find_in_page (no query), so queries < calls is normal;
 * - sources from two places: the `url_citation` annotations FIRST (only they carry titles; adding a
 *   bare URL first would lose the title to de-duplication), then `action.sources` (every source the
 *   search touched). `web_search_call.results` is not read (image-search raw data, [] when measured);
 * - a source without a URL (`{"type":"api","name":"oai-finance"}`, also oai-sports / oai-weather) is
 *   not a source: it is counted as api_sources with its name, never put in the URI field;
 * - the `openai search:` note only on calls that used search; no ticks field (that is xAI's).
 */
import type { Grounding } from '../../../domain/message.ts';
import type { WireNote } from '../../canonical.ts';
import { ResponsesSources, type ResponsesAnnotation, type ResponsesOutputItem } from '../responses/index.ts';

const ACTION_KINDS = ['search', 'open_page', 'find_in_page'] as const;

export class OpenAiSearch {
  private calls = 0;
  private readonly actions: Record<string, number> = { search: 0, open_page: 0, find_in_page: 0 };
  private readonly queries: string[] = [];
  private readonly actionSources: { url: string | null | undefined }[] = [];
  private apiSources = 0;
  private readonly apiNames = new Set<string>();

  /** The `web_search_call` handler. */
  readonly onCall = (item: ResponsesOutputItem): void => {
    this.calls += 1;
    const action = item.action;
    if (action?.type != null && action.type in this.actions) this.actions[action.type]! += 1;
    if (action?.query != null) this.queries.push(action.query);
    for (const query of action?.queries ?? []) this.queries.push(query);
    for (const source of action?.sources ?? []) {
      if (source.url != null && source.url !== '') this.actionSources.push({ url: source.url });
      else {
        this.apiSources += 1;
        if (source.name != null && source.name !== '') this.apiNames.add(source.name);
      }
    }
  };

  /** Grounding (engine open_ai) and the note; both null when the response used no search. */
  finish(annotations: ResponsesAnnotation[]): { grounding: Grounding | null; note: WireNote | null } {
    const sources = new ResponsesSources();
    sources.addAnnotations(annotations);
    for (const source of this.actionSources) sources.addSource(source.url);
    for (const query of this.queries) sources.addQuery(query);
    const searched = this.calls > 0;
    // Citations without a search call in this response are still shown (a grounded answer).
    const grounding = sources.grounding('open_ai', searched);
    if (!searched) return { grounding, note: null };
    const actions = ACTION_KINDS.map((kind) => `${kind}:${this.actions[kind]}`).join(',');
    // api_names is written even when empty (`api_names=`): the field was read and held nothing.
    // Never "-": that would fold "measured, none" into "not looked at".
    const fields =
      `calls=${this.calls} actions=${actions} sources=${sources.sourceCount} queries=${sources.queryCount}` +
      ` api_sources=${this.apiSources} api_names=${[...this.apiNames].join(',')}`;
    return { grounding, note: { prefix: 'openai search', fields } };
  }
}
