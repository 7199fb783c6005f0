export { headChars } from '../domain/chars.ts';

/** Every line break (`\r\n`, `\r`, `\n`) becomes one space. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ');
}
