import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './render-markdown.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const { render, sanitize } = createMarkdownRenderer(window);

function dom(markdown: string, docId?: string): HTMLElement {
  const div = window.document.createElement('div');
  div.innerHTML = render(markdown, docId);
  return div;
}

describe('task lists', () => {
  it('renders "- [ ]" and "- [x]" as read-only checkboxes, the mark gone from the text', () => {
    const root = dom('- [ ] task\n- [x] done\n- [X] also\n- plain [ ] item');
    const boxes = [...root.querySelectorAll('input')];
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box.type).toBe('checkbox');
      expect(box.disabled).toBe(true);
    }
    expect(boxes.map((b) => b.checked)).toEqual([false, true, true]);
    expect([...root.querySelectorAll('li')].map((li) => li.textContent?.trim())).toEqual([
      'task',
      'done',
      'also',
      'plain [ ] item',
    ]);
    expect(root.querySelectorAll('li.md-task-item')).toHaveLength(3);
  });

  it('text that only looks like a mark outside a list item stays text', () => {
    const root = dom('[ ] not a task\n\n[x] neither');
    expect(root.querySelector('input')).toBeNull();
    expect(root.textContent).toContain('[ ] not a task');
  });

  it('the sanitiser keeps only the task box, and only as a disabled checkbox', () => {
    expect(sanitize('<form><input type="checkbox"><input class="x"></form>')).toBe('');
    const out = sanitize(
      '<input class="md-task" type="text" value="x" onfocus="a()" autofocus><p type="x" checked>p</p>',
    );
    const div = window.document.createElement('div');
    div.innerHTML = out;
    const input = div.querySelector('input')!;
    expect(input.type).toBe('checkbox');
    expect(input.disabled).toBe(true);
    expect(out).not.toMatch(/value=|onfocus|autofocus/);
    expect(div.querySelector('p')!.attributes).toHaveLength(0);
  });
});

describe('footnotes', () => {
  const TEXT = 'A claim[^1] and another[^note].\n\n[^1]: The source.\n[^note]: More.';

  it('renders references and the notes, linked both ways inside the message', () => {
    const root = dom(TEXT, 'msg_1');
    const refs = [...root.querySelectorAll('sup.footnote-ref a')];
    expect(refs.map((a) => a.getAttribute('href'))).toEqual(['#fn-msg_1-1', '#fn-msg_1-2']);
    for (const a of refs) expect(a.hasAttribute('target')).toBe(false);
    const notes = [...root.querySelectorAll('section.footnotes li.footnote-item')];
    expect(notes.map((li) => li.id)).toEqual(['fn-msg_1-1', 'fn-msg_1-2']);
    expect(notes[0]!.textContent).toContain('The source.');
    expect(root.querySelector('a.footnote-backref')?.getAttribute('href')).toBe('#fnref-msg_1-1');
    expect(root.querySelector(`#${refs[0]!.id}`)).not.toBeNull();
  });

  it('two messages never share an anchor id', () => {
    const ids = (root: HTMLElement) => [...root.querySelectorAll('[id]')].map((el) => el.id);
    const a = ids(dom(TEXT, 'msg_1'));
    const b = ids(dom(TEXT, 'msg_2'));
    expect(a.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('a message id with odd characters still makes a safe id', () => {
    const root = dom('x[^1]\n\n[^1]: y', 'a"b <c>');
    expect(root.querySelector('li.footnote-item')?.id).toBe('fn-a_b__c_-1');
  });

  it('the sanitiser drops ids and in-page links the renderer would never write', () => {
    const out = sanitize('<p id="modal">a</p><a href="#top">t</a><a href="#fn-x-1" id="fnref-x-1">f</a>');
    expect(out).toBe('<p>a</p><a>t</a><a href="#fn-x-1" id="fnref-x-1">f</a>');
  });
});
