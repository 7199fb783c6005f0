/** Test-only: the Perplexity fixtures (see __fixtures__/README.md for where each comes from). */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('./__fixtures__/', import.meta.url);

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;
}

/** The `output` array of a fixture ([] when it has none, as the legacy chat bodies). */
export function outputOf(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.output) ? (body.output as unknown[]) : [];
}

export const PPLX_FIXTURES = [
  'pplx-web-search.json',
  'pplx-finance-search.json',
  'pplx-finance-skill-only.json',
  'pplx-people-search.json',
  'pplx-fetch-url.json',
  'pplx-function-call.json',
] as const;
