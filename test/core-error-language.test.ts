/**
 * Issue 22: "in the Japanese UI core error messages (all 46 literal ones) ... are English". The server
 * keeps its messages (they name the thing: the id, the file, the figure); the UI leads with its own
 * text for the code in the UI language and shows the message as detail (web/src/lib/error-text.ts).
 * So every literal English message must have a code the UI has words for, in both languages. The
 * messages are listed in a fixture: a new literal English message breaks this test until it is listed,
 * and listing it is the moment to check that its code's UI text says what it means.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const LIST = join(repo, 'test/fixtures/english-core-errors.txt');
const HEADER =
  '# Literal English CoreError messages: path | CODE | message (test/core-error-language.test.ts).\n' +
  '# The UI shows its own text for CODE (web/src/locales/{ja,en}/errors.json), the message as detail.\n';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
// `new CoreError('CODE', 'literal'` with the literal in '…', "…" or `…` (template parts kept as written).
const CALL = /new CoreError\(\s*'([A-Z_]+)',\s*(['"`])((?:\\.|(?!\2)[^\\])*)\2/gsu;

/** One line per literal English message: `path | CODE | message` (whitespace runs folded). */
function scan(): string[] {
  const lines = new Set<string>();
  for (const file of sourceFiles(join(repo, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) {
      const [, code, , message] = match as unknown as [string, string, string, string];
      if (JAPANESE.test(message)) continue;
      lines.add(`${relative(repo, file)} | ${code} | ${message.replace(/\s+/gu, ' ')}`);
    }
  }
  return [...lines].sort();
}

function listed(): string[] {
  return readFileSync(LIST, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .sort();
}

const dictionary = (language: 'ja' | 'en') =>
  JSON.parse(readFileSync(join(repo, `web/src/locales/${language}/errors.json`), 'utf8')) as Record<
    string,
    string
  >;

describe('literal English core error messages', () => {
  const found = scan();

  it('are exactly the listed ones (a new one must be listed, a fixed one unlisted)', () => {
    // LIST_ENGLISH_CORE_ERRORS=1 rewrites the list from the sources (then read its diff).
    if (process.env.LIST_ENGLISH_CORE_ERRORS === '1') writeFileSync(LIST, `${HEADER}${found.join('\n')}\n`);
    expect(found.length).toBeGreaterThanOrEqual(46);
    expect(found).toEqual(listed());
  });

  it('each has a code the UI words in Japanese and in English', () => {
    const ja = dictionary('ja');
    const en = dictionary('en');
    for (const line of found) {
      const code = line.split(' | ')[1] ?? '';
      expect(ja[code], `ja text for ${line}`).toMatch(JAPANESE);
      expect(en[code], `en text for ${line}`).toBeTruthy();
      expect(en[code], `en text for ${line}`).not.toMatch(JAPANESE);
    }
  });
});
