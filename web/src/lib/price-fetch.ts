/**
 * The pricing section's Fetch button (ledger part 3 `pricing_fetch_freeze`): what the fetched values do
 * to the form, and how a failure is worded. The form is only filled, never saved: the person reviews the
 * numbers and presses Save like after typing them.
 */
import { localDate, PRICE_FIELDS, type PriceField, type TemplateForm } from './template-form.ts';
import type { ErrorPayload, FetchedPrices } from './types.ts';

export interface FillOutcome {
  /** The price fields the table had, in the form's order. */
  filled: PriceField[];
  /** Whether contextLength was overwritten (the table had a sane window). */
  contextFilled: boolean;
}

/**
 * Puts what the table had into the form. A price the table did not have keeps whatever the person
 * typed; contextLength is overwritten only when the table has a window; pricingAsOf becomes today
 * (the date the numbers were believed), and the window never moves it on its own.
 */
export function fillFromTable(form: TemplateForm, fetched: FetchedPrices, nowMs: number): FillOutcome {
  const filled: PriceField[] = [];
  for (const field of PRICE_FIELDS) {
    const price = fetched.prices[field];
    if (typeof price !== 'number') continue;
    form.prices[field] = String(price);
    filled.push(field);
  }
  if (filled.length > 0) form.pricingAsOf = localDate(nowMs);
  const contextFilled = fetched.contextLength !== null;
  if (contextFilled) form.contextLength = String(fetched.contextLength);
  return { filled, contextFilled };
}

/** An i18n key under `templates.pricing.fetch.errors` and its parameters. */
export interface FetchProblem {
  key:
    | 'unset'
    | 'invalidUrl'
    | 'unreachable'
    | 'tls'
    | 'timeout'
    | 'notFoundAtUrl'
    | 'httpStatus'
    | 'tooLarge'
    | 'redirect'
    | 'badTable'
    | 'modelNotFound'
    | 'noModel';
  params: Record<string, string>;
}

/** The failure in the village language's terms; the server's own message is for other languages' fallback. */
export function fetchProblem(payload: ErrorPayload, model: string): FetchProblem | null {
  const detail = payload.detail ?? '';
  switch (payload.code) {
    case 'PRICE_URL_UNSET':
      return { key: 'unset', params: {} };
    case 'PRICE_URL_INVALID':
      return { key: 'invalidUrl', params: {} };
    case 'PRICE_TABLE_INVALID':
      return { key: 'badTable', params: {} };
    case 'PRICE_NOT_FOUND':
      return { key: 'modelNotFound', params: { model } };
    case 'INVALID_ARGUMENT':
      return model.trim() === '' ? { key: 'noModel', params: {} } : null;
    case 'PRICE_FETCH_FAILED': {
      if (detail === 'http_404') return { key: 'notFoundAtUrl', params: {} };
      const status = /^http_(\d+)$/.exec(detail);
      if (status) return { key: 'httpStatus', params: { status: status[1]! } };
      const kinds = {
        unreachable: 'unreachable',
        tls: 'tls',
        timeout: 'timeout',
        too_large: 'tooLarge',
        redirect: 'redirect',
      } as const;
      return { key: kinds[detail as keyof typeof kinds] ?? 'unreachable', params: {} };
    }
    default:
      return null;
  }
}

/**
 * The note's sentences as one line. English sentences need a space between them; Japanese ones, which
 * end in a full-width mark, must not get one. Built here rather than in the template, because Vue
 * drops the leading space of a text node inside `<template v-if>` (that was the missing space).
 */
export function joinSentences(sentences: readonly (string | null)[]): string {
  return sentences
    .filter((sentence): sentence is string => sentence !== null && sentence.trim() !== '')
    .map((sentence) => sentence.trim())
    .reduce((line, sentence) => {
      if (line === '') return sentence;
      return /[\u3000-\u303f\uff00-\uffef]$/.test(line) ? line + sentence : `${line} ${sentence}`;
    }, '');
}
