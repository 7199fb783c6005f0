import type { StateCore, Token } from 'markdown-it';

/** "[ ] " or "[x] " at the start of a list item's text: a task, open or done. */
const TASK_MARK = /^\[([ xX])\][ \u00a0]/;

/**
 * GitHub-style task lists ("- [ ] todo", "- [x] done") as read-only checkboxes. A core rule after
 * inline parsing: the item's first text loses its mark and an `<input type="checkbox" disabled>`
 * goes before it. The box is never clickable: a message is a record, not a form.
 */
export function taskListRule(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open') continue;
    if (tokens[i - 2]!.type !== 'list_item_open') continue;
    const first = inline.children?.[0];
    if (first?.type !== 'text') continue;
    const mark = TASK_MARK.exec(first.content);
    if (!mark) continue;
    const done = mark[1] !== ' ';
    first.content = first.content.slice(mark[0].length);
    inline.content = inline.content.slice(mark[0].length);
    const box = new state.Token('html_inline', '', 0);
    box.content = `<input class="md-task" type="checkbox" disabled${done ? ' checked' : ''}> `;
    inline.children!.unshift(box as Token);
    tokens[i - 2]!.attrJoin('class', 'md-task-item');
  }
}
