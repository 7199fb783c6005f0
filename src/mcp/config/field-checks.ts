/**
 * Stage 4 of the entry validation: the format of each value. Each check returns the first problem
 * as a message that reads after `field "x": `, or null. Names (of headers, variables, items) may
 * appear; values never do, since env and headers are where people put tokens.
 */
import { isPlainObject, kindOf, quoteName } from './describe.ts';

/** RFC 9110 token: the characters a header name may use. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * What fetch can send as a header value: tab, visible ASCII, Latin-1. Anything else (a line break,
 * NUL, a non-Latin-1 character) makes the HTTP client throw later, and its error text quotes the value.
 */
const HEADER_VALUE_BAD = /[^\t\x20-\x7e\x80-\xff]/;

export function commandProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `must be a string, not ${kindOf(value)}`;
  if (value.trim() === '') return 'must not be empty';
  if (value.includes('\0')) return 'must not contain a NUL character';
  return null;
}

/** Node refuses NUL in spawn arguments with an error that quotes the argument. */
export function argsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return `must be an array of strings, not ${kindOf(value)}`;
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string') return `item ${index + 1} must be a string, not ${kindOf(item)}`;
    if (item.includes('\0')) return `item ${index + 1} must not contain a NUL character`;
  }
  return null;
}

/** A name with `=` would set a different variable; NUL is refused by spawn (quoting the value). */
export function envProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return `must be an object of strings, not ${kindOf(value)}`;
  for (const [name, item] of Object.entries(value)) {
    if (name === '') return 'has an empty variable name';
    if (name.includes('=') || name.includes('\0')) {
      return `variable ${quoteName(name)} has "=" or NUL in its name`;
    }
    if (typeof item !== 'string') return `variable ${quoteName(name)} must be a string, not ${kindOf(item)}`;
    if (item.includes('\0')) return `variable ${quoteName(name)} must not contain a NUL character`;
  }
  return null;
}

export function headersProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return `must be an object of strings, not ${kindOf(value)}`;
  const seen = new Set<string>();
  for (const [name, item] of Object.entries(value)) {
    if (!HEADER_NAME.test(name)) return `${quoteName(name)} is not a valid header name`;
    // fetch would join two spellings of one name into "a, b", which no server expects.
    const folded = name.toLowerCase();
    if (seen.has(folded)) return `header ${quoteName(name)} is given twice (header names ignore case)`;
    seen.add(folded);
    if (typeof item !== 'string') return `header ${quoteName(name)} must be a string, not ${kindOf(item)}`;
    if (HEADER_VALUE_BAD.test(item)) {
      return `header ${quoteName(name)} has a character HTTP cannot send (a line break, control or non-Latin-1 character)`;
    }
  }
  return null;
}

/** VS Code's `envFile`: a file we would not read, so its variables would be missing without a word. */
export function envFileProblem(): string {
  return 'is not supported (a VS Code field): put the variables in "env", or use ${NAME} to take them from the environment';
}

export function enabledProblem(value: unknown): string | null {
  return typeof value === 'boolean' ? null : `must be true or false, not ${kindOf(value)}`;
}

/** Only that it parses; which schemes and hosts are allowed is stage 5 (check-url.ts). */
export function urlFormatProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `must be a string, not ${kindOf(value)}`;
  return URL.canParse(value) ? null : 'is not a valid absolute URL';
}
