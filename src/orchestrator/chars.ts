export { charCount, headChars } from '../domain/chars.ts';
