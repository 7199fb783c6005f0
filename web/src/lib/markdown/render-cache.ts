/**
 * Rendered HTML per message id, kept while the text is the same: a long chat re-renders rows
 * (scrolling a virtual list, a new message, a keystroke) without parsing their Markdown again.
 * Least recently used entries go first once `limit` is reached.
 */
export class RenderCache {
  private readonly entries = new Map<string, { text: string; html: string }>();

  constructor(
    private readonly render: (text: string, id: string) => string,
    private readonly limit = 5000,
  ) {}

  get(id: string, text: string): string {
    const hit = this.entries.get(id);
    if (hit && hit.text === text) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.html;
    }
    const html = this.render(text, id);
    this.entries.delete(id);
    this.entries.set(id, { text, html });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return html;
  }

  get size(): number {
    return this.entries.size;
  }
}
