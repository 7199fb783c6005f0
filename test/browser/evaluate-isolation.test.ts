/**
 * Real Chromium: a stuck `act:evaluate` never wedges the tab. The CDP engine runs on its own socket
 * and session, so a `while (true) {}` that times out (or a promise the caller gives up on) leaves the
 * next click and type working; refs without a backendDOMNodeId take the Playwright path, which is
 * still bounded and recovers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageServer } from './pages.ts';
import { startedKit, stopKit, type ServiceKit } from './service-kit.ts';

/** Generous: the point is "bounded", not "fast" (the budget plus terminate and the answer's way back). */
const MARGIN_MS = 3_000;

let pages: PageServer;
let kit: ServiceKit;

beforeAll(async () => {
  ({ pages, kit } = await startedKit());
}, 60_000);

afterAll(() => stopKit(kit, pages));

const text = (kit: ServiceKit, targetId: string) =>
  kit
    .call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => document.querySelector("#out").textContent + "|" + document.querySelector("#name").value',
    })
    .then((answer) => answer.result);

describe('a hung page evaluate (CDP engine)', () => {
  it('times out within the budget, is terminated, and the next click and type on the tab succeed', async () => {
    const { targetId, refs } = await kit.openAndSnapshot(pages.url('/form'));
    expect(refs.e2).toMatchObject({ role: 'button', name: 'Go' });
    expect(refs.e3).toMatchObject({ role: 'textbox', name: 'Name' });
    const before = await kit.counters();

    const started = performance.now();
    const error = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      fn: 'while (true) {}',
      timeoutMs: 1_000,
    });
    const elapsed = performance.now() - started;
    expect(error.code).toBe('BROWSER_TIMEOUT');
    expect(error.message).toBe('evaluate timed out after 1000 ms');
    expect(error.detail).toContain('Runtime.terminateExecution');
    expect(elapsed).toBeLessThan(1_000 + MARGIN_MS);

    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
    await kit.call('act', { kind: 'type', targetId, ref: 'e3', text: 'Kaito' });
    expect(await text(kit, targetId)).toBe('clicked 1|Kaito');

    const after = await kit.counters();
    expect(after.evaluate.timeouts - before.evaluate.timeouts).toBe(1);
    expect(after.terminateExecution.sent - before.terminateExecution.sent).toBe(1);
    expect(after.terminateExecution.acknowledged - before.terminateExecution.acknowledged).toBe(1);
    expect(after.fallbacks.total).toBe(before.fallbacks.total);
    expect(
      kit.lines.some((line) =>
        /^browser evaluate: terminateExecution target=\S+ engine=cdp_page cause=timeout sent=true acknowledged=true$/.test(
          line,
        ),
      ),
    ).toBe(true);
  }, 60_000);

  it('a function that never returns is handled the same as a script', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const error = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => { for (;;) {} }',
      timeoutMs: 800,
    });
    expect(error.code).toBe('BROWSER_TIMEOUT');
    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
    expect(await text(kit, targetId)).toBe('clicked 1|');
  }, 60_000);
});

describe('a never-settling promise aborted by the caller', () => {
  it('answers BROWSER_ABORTED at once and later actions on the tab work', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const before = await kit.counters();
    const caller = new AbortController();
    const pending = kit.failure(
      'act',
      { kind: 'evaluate', targetId, fn: '() => new Promise(() => {})', timeoutMs: 60_000 },
      caller.signal,
    );
    setTimeout(() => caller.abort(), 300);
    const started = performance.now();
    const error = await pending;
    expect(error.code).toBe('BROWSER_ABORTED');
    expect(error.message).toBe('evaluate was aborted by the caller');
    expect(performance.now() - started).toBeLessThan(MARGIN_MS);

    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
    await kit.call('act', { kind: 'type', targetId, ref: 'e3', text: 'after' });
    await kit.call('act', { kind: 'wait', targetId, text: 'clicked 1' });
    expect(await text(kit, targetId)).toBe('clicked 1|after');
    const after = await kit.counters();
    expect(after.evaluate.aborts - before.evaluate.aborts).toBe(1);
    expect(after.evaluate.timeouts).toBe(before.evaluate.timeouts);
  }, 60_000);
});

describe('a ref without backendDOMNodeId goes through Playwright', () => {
  it('reads the element, counts the fallback with its reason and logs it', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    // A selector-scoped snapshot carries no ids: its nth would not line up with the whole page's tree.
    const scoped = await kit.call<{ refs: Record<string, Record<string, unknown>> }>('snapshot', {
      targetId,
      selector: 'main',
    });
    expect(scoped.refs.e1).toEqual({ role: 'button', name: 'Inner' });
    const before = await kit.counters();
    const answer = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e1',
      fn: '(el) => el.id + ":" + el.textContent',
    });
    expect(answer.result).toBe('inner:Inner');
    const after = await kit.counters();
    expect(after.fallbacks.byReason.no_backend_node_id - before.fallbacks.byReason.no_backend_node_id).toBe(
      1,
    );
    expect(after.evaluate.byEngine.playwright.count - before.evaluate.byEngine.playwright.count).toBe(1);
    expect(kit.lines.at(-1)).toMatch(
      /^browser evaluate: fallback engine=playwright reason=no_backend_node_id target=\S+ ref=e1$/,
    );
  }, 60_000);

  it('stays bounded when the script hangs, recovers, and the tab takes a click afterwards', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    await kit.call('snapshot', { targetId, selector: 'main' });
    const before = await kit.counters();
    const started = performance.now();
    const error = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e1',
      fn: '(el) => { for (;;) {} }',
      timeoutMs: 1_000,
    });
    expect(performance.now() - started).toBeLessThan(1_000 + MARGIN_MS);
    expect(error.code).toBe('BROWSER_TIMEOUT');
    expect(error.detail).toContain('the next action reconnects');
    const after = await kit.counters();
    expect(after.playwrightRecoveries - before.playwrightRecoveries).toBe(1);
    expect(after.terminateExecution.acknowledged - before.terminateExecution.acknowledged).toBe(1);

    await kit.call('act', { kind: 'click', targetId, ref: 'e1' });
    const read = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => document.querySelector("#inner").textContent',
    });
    expect(read.result).toBe('Inner done');
    expect((await kit.counters()).playwrightConnects).toBeGreaterThan(after.playwrightConnects);
  }, 60_000);
});

describe('element evaluate by ref', () => {
  it('reads the element through CDP (DOM.resolveNode + Runtime.callFunctionOn), duplicates by nth', async () => {
    const { targetId, refs } = await kit.openAndSnapshot(pages.url('/form'));
    expect(refs.e4).toMatchObject({
      role: 'button',
      name: 'Twin',
      nth: 0,
      backendDOMNodeId: expect.any(Number),
    });
    expect(refs.e5).toMatchObject({
      role: 'button',
      name: 'Twin',
      nth: 1,
      backendDOMNodeId: expect.any(Number),
    });
    const before = await kit.counters();
    const first = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e4',
      fn: '(el) => el.dataset.n',
    });
    const second = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e5',
      fn: 'async (el) => el.dataset.n + "!"',
    });
    expect([first.result, second.result]).toEqual(['first', 'second!']);
    const after = await kit.counters();
    expect(after.evaluate.byEngine.cdp_element.count - before.evaluate.byEngine.cdp_element.count).toBe(2);
    expect(after.fallbacks.total).toBe(before.fallbacks.total);
    expect(after.playwrightConnects).toBe(before.playwrightConnects);
  }, 60_000);

  it('a hung element evaluate is terminated too, and the element is still there afterwards', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const error = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e2',
      fn: '(el) => { while (el) {} }',
      timeoutMs: 700,
    });
    expect(error.code).toBe('BROWSER_TIMEOUT');
    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
    expect(await text(kit, targetId)).toBe('clicked 1|');
  }, 60_000);

  it('takes a backendDOMNodeId directly (the escape hatch); an id that is not there is "take a new snapshot"', async () => {
    const { targetId, refs } = await kit.openAndSnapshot(pages.url('/form'));
    const id = refs.e2!.backendDOMNodeId as number;
    const answer = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      backendDOMNodeId: id,
      fn: '(el) => el.id',
    });
    expect(answer.result).toBe('go');
    const missing = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      backendDOMNodeId: 987_654,
      fn: '(el) => el.id',
    });
    expect(missing.code).toBe('BROWSER_REF_NOT_FOUND');
    expect(missing.detail).toBe('take a new snapshot');
    const both = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e2',
      backendDOMNodeId: id,
      fn: '1',
    });
    expect(both.code).toBe('INVALID_ARGUMENT');
  }, 60_000);
});
