import { Script } from 'node:vm';
import { CoreError } from '../domain/errors.ts';

/**
 * How a caller's `fn` runs. An expression (`() => document.title`, `function (el) {…}`,
 * `document.title`) is evaluated in parentheses and called when it is a function; anything else
 * (`while (true) {}`, `let x = 1; x`) runs as a page script and answers its completion value.
 * Only compiled here (never run) to tell the two apart.
 */
export type ScriptSource = { kind: 'expression'; source: string } | { kind: 'script'; source: string };

export function classifySource(fn: string): ScriptSource {
  const wrapped = `(${fn}\n)`;
  try {
    new Script(wrapped);
    return { kind: 'expression', source: wrapped };
  } catch {
    return { kind: 'script', source: fn };
  }
}

/** Element evaluate calls `fn` with the element, so it must be an expression (a function). */
export function elementSource(fn: string): string {
  const source = classifySource(fn);
  if (source.kind !== 'expression') {
    throw new CoreError(
      'INVALID_ARGUMENT',
      'evaluate with a ref needs a function such as (el) => el.textContent',
    );
  }
  return source.source;
}

/** A page evaluate's one expression: a function source is called, anything else is its value. */
export function pageExpression(fn: string): string {
  const source = classifySource(fn);
  if (source.kind === 'script') return source.source;
  return `(async (value) => (typeof value === 'function' ? await value() : value))${source.source}`;
}

/** The declaration `Runtime.callFunctionOn` runs on the element (`this`): calls `fn` with it. */
export function elementFunction(fn: string): string {
  const source = elementSource(fn);
  return `async function () { const value = ${source}; return typeof value === 'function' ? await value(this) : value; }`;
}
