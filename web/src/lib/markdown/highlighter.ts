export type Highlight = (code: string, language: string) => string | null;

let loading: Promise<Highlight> | null = null;

/** highlight.js, fetched once on first use. A failed fetch is forgotten so a later block may retry. */
export function loadHighlighter(): Promise<Highlight> {
  loading ??= import('./highlight-languages.ts').then(
    (module) => module.highlightCode,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
