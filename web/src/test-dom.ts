/**
 * A DOM for component tests that also run a real server in the same test (the server needs Node's
 * own `import.meta.url`, which vitest's jsdom environment replaces). Import it first: Vue's DOM
 * renderer reads `document` when it loads.
 */
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
const names = ['window', 'document', 'navigator', 'Node', 'Element', 'HTMLElement', 'SVGElement', 'Event'];
for (const name of names) {
  const value = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
