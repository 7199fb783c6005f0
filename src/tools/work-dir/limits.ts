/** The bounds every work-folder tool shares (ledger part 4 `bundled_tools_contract`, part 5 §6). */
export const MAX_MATCHES = 100;
export const MAX_LINE_CHARS = 240;
export const MAX_OUTPUT_CHARS = 12_000;
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_FILES = 20_000;
export const MAX_COUNT_FILES = 20;
/** A NUL byte in this many leading bytes marks a file as binary. */
export const BINARY_SNIFF_BYTES = 4096;
/** Build output and dependency folders no scan enters (hidden folders are skipped too). */
export const SKIP_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  'target',
  'dist',
  'build',
  'out',
  'vendor',
]);

export function isSkippedDir(name: string): boolean {
  return name.startsWith('.') || SKIP_DIRS.has(name);
}
