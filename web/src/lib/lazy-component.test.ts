/** A lazily fetched part of the page that fails to load is asked for again, and shows once it loads. */
/* eslint-disable vue/one-component-per-file -- small apps around a stand-in for the fetched part */
import '../test-dom.ts';
import { createApp, defineComponent, h, nextTick } from 'vue';
import { describe, expect, it } from 'vitest';
import { LAZY_RETRIES, lazyComponent, lazyRetryDelayMs } from './lazy-component.ts';

const Part = defineComponent({ render: () => h('p', { 'data-testid': 'part' }, 'the bond map') });

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
    await nextTick();
  }
}

describe('lazyComponent', () => {
  it('fetches again after failed fetches and then shows the part', async () => {
    let calls = 0;
    const waits: number[] = [];
    const pending: (() => void)[] = [];
    const Lazy = lazyComponent(
      async () => {
        calls += 1;
        if (calls <= 2) throw new Error('Unable to preload CSS for /assets/BondMap.css');
        return Part;
      },
      (ms, then) => {
        waits.push(ms);
        pending.push(then);
      },
    );
    const root = document.createElement('div');
    document.body.append(root);
    const app = createApp({ render: () => h(Lazy) });
    const errors: unknown[] = [];
    app.config.errorHandler = (error) => void errors.push(error);
    app.mount(root);
    await settle();
    expect(root.querySelector('[data-testid="part"]')).toBeNull();
    pending.shift()!();
    await settle();
    pending.shift()!();
    await settle();
    expect(root.querySelector('[data-testid="part"]')?.textContent).toBe('the bond map');
    expect(calls).toBe(3);
    expect(waits).toEqual([500, 1000]);
    expect(errors).toEqual([]);
    app.unmount();
  });

  it('gives up after its retries, waiting at most three seconds between them', async () => {
    let calls = 0;
    const waits: number[] = [];
    const pending: (() => void)[] = [];
    const Lazy = lazyComponent(
      async () => {
        calls += 1;
        throw new Error('offline');
      },
      (ms, then) => {
        waits.push(ms);
        pending.push(then);
      },
    );
    const root = document.createElement('div');
    document.body.append(root);
    const app = createApp({ render: () => h(Lazy) });
    app.config.errorHandler = () => undefined;
    app.mount(root);
    await settle();
    while (pending.length > 0) {
      pending.shift()!();
      await settle();
    }
    expect(calls).toBe(LAZY_RETRIES + 1);
    expect(Math.max(...waits)).toBe(3_000);
    expect(waits[0]).toBe(lazyRetryDelayMs(1));
    expect(root.textContent).toBe('');
    app.unmount();
  });
});
