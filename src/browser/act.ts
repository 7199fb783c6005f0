import type { Locator, Page } from 'playwright-core';
import { playwrightStep } from './action-error.ts';
import { budgetSleep, type Budget } from './budget.ts';
import { evaluateInTab, waitForFunction } from './evaluate.ts';
import { locatorFor } from './locator.ts';
import type { ActRequest, ActResponse } from './schemas.ts';
import type { BrowserService } from './service.ts';

/** One `act` request; every kind answers `{ok, targetId, url?, result?}` or a typed error. */
export async function act(
  service: BrowserService,
  request: ActRequest,
  budget: Budget,
): Promise<ActResponse> {
  const { targetId } = request;
  // Scripts are gated before anything touches the tab.
  if (request.kind === 'evaluate') await service.requireEvaluateEnabled('evaluate');
  if (request.kind === 'wait' && request.fn !== undefined)
    await service.requireEvaluateEnabled('wait with a function');
  switch (request.kind) {
    case 'evaluate': {
      const result = await evaluateInTab(service, request, budget);
      const { url } = await service.requireTab(targetId);
      return { ok: true, targetId, url, result };
    }
    case 'close':
      await service.closeTab(targetId);
      return { ok: true, targetId };
    default:
      return playwrightAct(service, request, budget);
  }
}

type PlaywrightKind = Exclude<ActRequest, { kind: 'evaluate' | 'close' }>;

async function playwrightAct(
  service: BrowserService,
  request: PlaywrightKind,
  budget: Budget,
): Promise<ActResponse> {
  const { targetId, kind } = request;
  const page = await service.page(targetId, budget, kind);
  const locate = (ref: string): Locator => locatorFor(page, service.refFor(targetId, ref, page.url()));
  const step = <T>(work: (timeout: number) => Promise<T>): Promise<T> => playwrightStep(budget, kind, work);
  switch (request.kind) {
    case 'click': {
      const locator = locate(request.ref);
      const options = { button: request.button ?? ('left' as const) };
      await step((timeout) =>
        request.doubleClick
          ? locator.dblclick({ ...options, timeout })
          : locator.click({ ...options, timeout }),
      );
      break;
    }
    case 'type': {
      const locator = locate(request.ref);
      await step((timeout) => locator.pressSequentially(request.text, { timeout }));
      if (request.submit) await step((timeout) => locator.press('Enter', { timeout }));
      break;
    }
    case 'press':
      if (request.ref === undefined) await step(() => page.keyboard.press(request.key));
      else {
        const locator = locate(request.ref);
        await step((timeout) => locator.press(request.key, { timeout }));
      }
      break;
    case 'hover': {
      const locator = locate(request.ref);
      await step((timeout) => locator.hover({ timeout }));
      break;
    }
    case 'select': {
      const locator = locate(request.ref);
      const selected = await step((timeout) => locator.selectOption(request.values, { timeout }));
      return { ok: true, targetId, url: page.url(), result: selected };
    }
    case 'fill':
      for (const field of request.fields) {
        const locator = locate(field.ref);
        const value = field.value;
        await step((timeout) =>
          typeof value === 'boolean'
            ? locator.setChecked(value, { timeout })
            : locator.fill(value, { timeout }),
        );
      }
      break;
    case 'wait':
      await waitSteps(service, page, request, budget);
      break;
    case 'resize':
      await step(() => page.setViewportSize({ width: request.width, height: request.height }));
      break;
  }
  return { ok: true, targetId, url: page.url() };
}

/** The conditions of one `wait`, in a fixed order, all charged against the same budget. */
async function waitSteps(
  service: BrowserService,
  page: Page,
  request: Extract<ActRequest, { kind: 'wait' }>,
  budget: Budget,
): Promise<void> {
  const step = (work: (timeout: number) => Promise<unknown>) => playwrightStep(budget, 'wait', work);
  if (request.timeMs !== undefined) {
    const ms = request.timeMs;
    await budgetSleep(budget, 'wait', ms);
  }
  if (request.text !== undefined) {
    const text = request.text;
    await step((timeout) => page.getByText(text).first().waitFor({ state: 'visible', timeout }));
  }
  if (request.textGone !== undefined) {
    const text = request.textGone;
    await step((timeout) => page.getByText(text).first().waitFor({ state: 'hidden', timeout }));
  }
  if (request.selector !== undefined) {
    const selector = request.selector;
    await step((timeout) => page.locator(selector).first().waitFor({ state: 'visible', timeout }));
  }
  if (request.url !== undefined) {
    const url = request.url;
    await step((timeout) => page.waitForURL(url, { timeout }));
  }
  if (request.fn !== undefined) await waitForFunction(service, request.targetId, request.fn, budget);
}
