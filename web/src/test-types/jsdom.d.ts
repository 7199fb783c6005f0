// jsdom 28 (the last release that runs on Node 20) ships no types, and @types/jsdom is left out on
// purpose: vitest's optional types import it, which would put the DOM library into the Node code's
// type check. Web tests need only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
