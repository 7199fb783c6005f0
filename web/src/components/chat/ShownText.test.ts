/** A tool row's arguments and result: an invisible character is drawn as a marked escape, never as itself. */
import '../../test-dom.ts';
import { createApp, h } from 'vue';
import { describe, expect, it } from 'vitest';
import ShownText from './ShownText.vue';

function mount(text: string): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  createApp({ render: () => h(ShownText, { text, 'data-testid': 'tool-args' }) }).mount(root);
  return root;
}

describe('ShownText', () => {
  it('marks a bidi override and a zero-width space, keeps the layout and never renders HTML', () => {
    const root = mount(
      '{\n  "path": "report\u202Eexe.txt\u200B",\n  "note": "<img src=x onerror=alert(1)>"\n}',
    );
    const pre = root.querySelector('[data-testid="tool-args"]')!;
    expect(pre.tagName).toBe('PRE');
    expect(pre.textContent).toBe(
      '{\n  "path": "report\\u{202E}exe.txt\\u{200B}",\n  "note": "<img src=x onerror=alert(1)>"\n}',
    );
    expect([...pre.querySelectorAll('[data-testid="shown-escape"]')].map((e) => e.textContent)).toEqual([
      '\\u{202E}',
      '\\u{200B}',
    ]);
    expect(pre.querySelector('img')).toBeNull();
  });
});
