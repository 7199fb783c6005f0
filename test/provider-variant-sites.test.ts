/**
 * "Adding a provider is compiler-checked everywhere" (issue 18; ledger part 6 §1.8 / §5.6: "if docs
 * claim the compiler will point it out, add a variant and verify that it actually does"). This test
 * does exactly that: it type-checks the provider tables with the real TypeScript compiler twice,
 * once as they are and once with a probe provider added to PROVIDERS (src/domain/enums.ts, read
 * through an in-memory host; nothing on disk changes), and names every declaration that stops
 * compiling. A table that absorbs the new provider silently (a `default:` arm, a Partial Record)
 * is missing from the list and fails the test.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENUMS = `${ROOT}src/domain/enums.ts`;
const PROBE = 'probe_provider';

/** Each file with a table over Provider -> the declarations the compiler must name for a new one. */
const SITES: Record<string, string[]> = {
  'src/llm/provider.ts': ['DEFAULT_BASE_URL', 'providerPath', 'AUTH_HEADERS', 'CARRIES', 'BACKEND_NAMES'],
  'src/llm/cache-diag.ts': ['SYSTEM_BLOCKS'],
  'web/src/lib/provider-skills.ts': [
    'DEFAULT_BASE_URL',
    'providerPath',
    'EXEMPT_HOSTS',
    'PROVIDER_SKILLS',
    'effortNote',
    'temperatureNotSent',
  ],
  // Still `Partial<Record<Provider, WireAdapter>>` until the four Responses wires land; the lead makes
  // it total then, and this entry becomes ['WIRES'].
  'src/llm/wires/index.ts': ['WIRES'],
};

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/** The top-level declaration a diagnostic falls in (a table, a function), by name. */
function declarationAt(file: ts.SourceFile, position: number): string {
  const statement = file.statements.find((s) => s.getStart(file) <= position && position < s.end);
  if (statement === undefined) return '(outside)';
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations[0]!.name.getText(file);
  if (ts.isFunctionDeclaration(statement) && statement.name) return statement.name.text;
  return ts.SyntaxKind[statement.kind];
}

/** Parsed files shared by both programs (the lib and node typings dominate the time); enums.ts never. */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** File -> sorted names of the declarations with a type error, with or without the probe provider. */
function failingDeclarations(withProbe: boolean): Record<string, string[]> {
  const host = ts.createCompilerHost(OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    if (name === ENUMS) return getSourceFile(name, language);
    if (!parsed.has(name)) parsed.set(name, getSourceFile(name, language));
    return parsed.get(name);
  };
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => {
    const text = readFile(name);
    if (!withProbe || text === undefined || name !== ENUMS) return text;
    const patched = text.replace(
      "  'perplexity_responses',\n] as const;",
      `  'perplexity_responses',\n  '${PROBE}',\n] as const;`,
    );
    if (patched === text) throw new Error('PROVIDERS in src/domain/enums.ts changed shape: update the probe');
    return patched;
  };
  const roots = Object.keys(SITES).map((path) => `${ROOT}${path}`);
  const program = ts.createProgram(roots, OPTIONS, host);
  const result: Record<string, string[]> = {};
  for (const path of Object.keys(SITES)) {
    const file = program.getSourceFile(`${ROOT}${path}`)!;
    const names = program.getSemanticDiagnostics(file).map((d) => declarationAt(file, d.start ?? 0));
    result[path] = [...new Set(names)].sort();
  }
  return result;
}

describe('adding a provider variant', () => {
  it('every table over Provider compiles today, and each one fails to compile with a new provider', () => {
    const clean = failingDeclarations(false);
    for (const path of Object.keys(SITES)) expect(clean[path], path).toEqual([]);
    const probed = failingDeclarations(true);
    const expected = Object.fromEntries(
      Object.entries(SITES).map(([path, names]) => [path, [...names].sort()]),
    );
    expect(probed).toEqual(expected);
  });
});
